// Authentication rows: client certificates, tokens, webhooks, request headers and OIDC.
import type { FlagSpec } from '../flag.ts';
import { AUTHENTICATION as group, OIDC } from './groups.ts';

const oidcNote = 'OIDC token authentication is not implemented yet';

export const authenticationFlags: readonly FlagSpec[] = [
  { name: 'anonymous-auth', type: 'bool', default: 'true', group, status: 'implemented',
    help: 'Enables anonymous requests to the secure port of the server. Requests that are not rejected by another authentication method are treated as anonymous requests. Anonymous requests have a username of system:anonymous, and a group name of system:unauthenticated.' },
  { name: 'client-ca-file', type: 'string', group, status: 'not-yet', statusNote: 'client certificate authentication is not implemented yet',
    help: 'If set, any request presenting a client certificate signed by one of the authorities in the client-ca-file is authenticated with an identity corresponding to the CommonName of the client certificate.' },
  { name: 'token-auth-file', type: 'string', group, status: 'implemented',
    help: 'If set, the file that will be used to secure the secure port of the server via token authentication.' },
  { name: 'enable-bootstrap-token-auth', type: 'bool', group, status: 'not-yet', statusNote: 'bootstrap tokens are not implemented yet',
    help: 'Enable to allow secrets of type \'bootstrap.orch.io/token\' in the \'orch-system\' namespace to be used for TLS bootstrapping authentication.' },
  { name: 'authentication-config', type: 'string', group, status: 'not-yet', statusNote: 'structured authentication configuration is not implemented yet',
    help: 'File with Authentication Configuration to configure the JWT Token authenticator or the anonymous authenticator. Requires the StructuredAuthenticationConfiguration feature gate. Also requires the feature gate to be enabled on the anonymous authenticator. Note: This flag is mutually exclusive with the --oidc-* flags if the file configures the JWT Token authenticator. Note: This flag is mutually exclusive with --anonymous-auth if the file configures the Anonymous authenticator.' },
  { name: 'authentication-token-webhook-config-file', type: 'string', group, status: 'not-yet', statusNote: 'webhook token authentication is not implemented yet',
    help: 'File with webhook configuration for token authentication in orchconfig format. The server will query the remote service to determine authentication for bearer tokens.' },
  { name: 'authentication-token-webhook-cache-ttl', type: 'duration', default: '2m0s', group, status: 'not-yet', statusNote: 'webhook token authentication is not implemented yet',
    help: 'The duration to cache responses from the webhook token authenticator.' },
  { name: 'authentication-token-webhook-version', type: 'string', default: 'v1beta1', group, status: 'not-yet', statusNote: 'webhook token authentication is not implemented yet',
    help: 'The API version of the authentication.orch.io TokenReview to send to and expect from the webhook.' },
  { name: 'requestheader-client-ca-file', type: 'string', group, status: 'not-yet', statusNote: 'request header authentication is not implemented yet',
    help: 'Root certificate bundle to use to verify client certificates on incoming requests before trusting usernames in headers specified by --requestheader-username-headers. WARNING: generally do not depend on authorization being already done for incoming requests.' },
  { name: 'requestheader-allowed-names', type: 'strings', group, status: 'not-yet', statusNote: 'request header authentication is not implemented yet',
    help: 'List of client certificate common names to allow to provide usernames in headers specified by --requestheader-username-headers. If empty, any client certificate validated by the authorities in --requestheader-client-ca-file is allowed.' },
  { name: 'requestheader-username-headers', type: 'strings', group, status: 'not-yet', statusNote: 'request header authentication is not implemented yet',
    help: 'List of request headers to inspect for usernames. X-Remote-User is common.' },
  { name: 'requestheader-group-headers', type: 'strings', group, status: 'not-yet', statusNote: 'request header authentication is not implemented yet',
    help: 'List of request headers to inspect for groups. X-Remote-Group is suggested.' },
  { name: 'requestheader-extra-headers-prefix', type: 'strings', group, status: 'not-yet', statusNote: 'request header authentication is not implemented yet',
    help: 'List of request header prefixes to inspect. X-Remote-Extra- is suggested.' },
  { name: 'requestheader-uid-headers', type: 'strings', group, status: 'not-yet', statusNote: 'request header authentication is not implemented yet',
    help: 'List of request headers to inspect for UIDs. X-Remote-Uid is suggested. Requires the RemoteRequestHeaderUID feature to be enabled.' },

  { name: 'oidc-issuer-url', type: 'string', group: OIDC, status: 'not-yet', statusNote: oidcNote,
    help: 'The URL of the OpenID issuer, only HTTPS scheme will be accepted. If set, it will be used to verify the OIDC JSON Web Token (JWT).' },
  { name: 'oidc-client-id', type: 'string', group: OIDC, status: 'not-yet', statusNote: oidcNote,
    help: 'The client ID for the OpenID Connect client, must be set if oidc-issuer-url is set.' },
  { name: 'oidc-ca-file', type: 'string', group: OIDC, status: 'not-yet', statusNote: oidcNote,
    help: 'If set, the OpenID server\'s certificate will be verified by one of the authorities in the oidc-ca-file, otherwise the host\'s root CA set will be used.' },
  { name: 'oidc-username-claim', type: 'string', default: 'sub', group: OIDC, status: 'not-yet', statusNote: oidcNote,
    help: 'The OpenID claim to use as the user name. Note that claims other than the default (\'sub\') is not guaranteed to be unique and immutable. This flag is experimental.' },
  { name: 'oidc-username-prefix', type: 'string', group: OIDC, status: 'not-yet', statusNote: oidcNote,
    help: 'If provided, all usernames will be prefixed with this value. If not provided, username claims other than \'email\' are prefixed by the issuer URL to avoid clashes. To skip any prefixing, provide the value \'-\'.' },
  { name: 'oidc-groups-claim', type: 'string', group: OIDC, status: 'not-yet', statusNote: oidcNote,
    help: 'If provided, the name of a custom OpenID Connect claim for specifying user groups. The claim value is expected to be a string or array of strings. This flag is experimental.' },
  { name: 'oidc-groups-prefix', type: 'string', group: OIDC, status: 'not-yet', statusNote: oidcNote,
    help: 'If provided, all groups will be prefixed with this value to prevent conflicts with other authentication strategies.' },
  { name: 'oidc-required-claim', type: 'map', repeatable: true, group: OIDC, status: 'not-yet', statusNote: oidcNote, valueName: 'mapStringString',
    help: 'A key=value pair that describes a required claim in the ID Token. If set, the claim is verified to be present in the ID Token with a matching value. Repeat this flag to specify multiple claims.' },
  { name: 'oidc-signing-algs', type: 'strings', default: 'RS256', group: OIDC, status: 'not-yet', statusNote: oidcNote,
    help: 'Comma-separated list of allowed JOSE asymmetric signing algorithms. JWTs with a supported \'alg\' header values are: RS256, RS384, RS512, ES256, ES384, ES512, PS256, PS384, PS512. Values are defined by RFC 7518 https://tools.ietf.org/html/rfc7518#section-3.1.' },
];

/** Flags whose presence means the OIDC authenticator is configured by flags. */
export const oidcFlagNames: readonly string[] = authenticationFlags.filter((f) => f.group === OIDC).map((f) => f.name);
