// Service account token rows.
import type { FlagSpec } from '../flag.ts';
import { SERVICE_ACCOUNT as group } from './groups.ts';

export const serviceAccountFlags: readonly FlagSpec[] = [
  { name: 'api-audiences', type: 'strings', group, status: 'implemented',
    help: 'Identifiers of the API. The service account token authenticator will validate that tokens used against the API are bound to at least one of these audiences. If the --service-account-issuer flag is configured and this flag is not, this field defaults to a single element list containing the issuer URL.' },
  { name: 'service-account-issuer', type: 'strings', repeatable: true, group, status: 'implemented',
    help: 'Identifier of the service account token issuer. The issuer will assert this identifier in "iss" claim of issued tokens. This value is a string or URI. If this option is not a valid URI per the OpenID Discovery 1.0 spec, the ServiceAccountIssuerDiscovery feature will remain disabled, even if the feature gate is set to true. It is highly recommended that this value comply with the OpenID spec: https://openid.net/specs/openid-connect-discovery-1_0.html. In practice, this means that service-account-issuer must be an https URL. It is also highly recommended that this URL be capable of serving OpenID discovery documents at {service-account-issuer}/.well-known/openid-configuration. When this flag is specified multiple times, the first is used to generate tokens and all are used to determine which issuers are accepted.' },
  { name: 'service-account-jwks-uri', type: 'string', group, status: 'implemented',
    help: 'Overrides the URI for the JSON Web Key Set in the discovery doc served at /.well-known/openid-configuration. This flag is useful if the discovery doc and key set are served to relying parties from a URL other than the server\'s external (as auto-detected or overridden with external-hostname).' },
  { name: 'service-account-key-file', type: 'strings', repeatable: true, group, status: 'implemented',
    help: 'File containing PEM-encoded x509 RSA or ECDSA private or public keys, used to verify ServiceAccount tokens. The specified file can contain multiple keys, and the flag can be specified multiple times with different files. If unspecified, --tls-private-key-file is used. Must be specified when --service-account-signing-key-file is provided' },
  { name: 'service-account-signing-key-file', type: 'string', group, status: 'implemented',
    help: 'Path to the file that contains the current private key of the service account token issuer. The issuer will sign issued ID tokens with this private key.' },
  { name: 'service-account-signing-endpoint', type: 'string', group, status: 'not-yet', statusNote: 'external token signers are not supported yet',
    help: 'Path to socket where an external JWT signer is listening. This flag is mutually exclusive with --service-account-signing-key-file and --service-account-key-file. Requires enabling feature gate (ExternalServiceAccountTokenSigner)' },
  { name: 'service-account-lookup', type: 'bool', default: 'true', group, status: 'implemented',
    help: 'If true, validate ServiceAccount tokens exist in storage as part of authentication.' },
  { name: 'service-account-max-token-expiration', type: 'duration', group, status: 'implemented',
    help: 'The maximum validity duration of a token created by the service account token issuer. If an otherwise valid TokenRequest with a validity duration larger than this value is requested, a token will be issued with a validity duration of this value.' },
  { name: 'service-account-extend-token-expiration', type: 'bool', default: 'true', group, status: 'partial', statusNote: 'the extension applies to tokens bound to pods, and pods are not served yet',
    help: 'Turns on projected service account expiration extension during token generation, which helps safe transition from legacy token to bound service account token feature. If this flag is enabled, admission injected tokens would be extended up to 1 year to prevent unexpected failure during transition, ignoring value of service-account-max-token-expiration.' },
];
