// orch-apiserver's authentication rows (with --oidc-*, --requestheader-* and the service account
// rows) as a typed options object. authentication-validate.ts and service-account-validate.ts
// check them.
import type { OptionReader } from '../option-reader.ts';

export interface RequestHeaderOptions {
  /** '' : request-header authentication is off. */
  clientCAFile: string;
  allowedNames: string[];
  usernameHeaders: string[];
  groupHeaders: string[];
  extraHeadersPrefix: string[];
  uidHeaders: string[];
}

/** Non-empty elements only, so `--requestheader-username-headers=` counts as none. */
export function requestHeaderOptions(r: OptionReader): RequestHeaderOptions {
  return {
    clientCAFile: r.string('requestheader-client-ca-file'),
    allowedNames: r.nonEmptyStrings('requestheader-allowed-names'),
    usernameHeaders: r.nonEmptyStrings('requestheader-username-headers'),
    groupHeaders: r.nonEmptyStrings('requestheader-group-headers'),
    extraHeadersPrefix: r.nonEmptyStrings('requestheader-extra-headers-prefix'),
    uidHeaders: r.nonEmptyStrings('requestheader-uid-headers'),
  };
}

export interface OidcOptions {
  /** '' : no OIDC authenticator. */
  issuerURL: string;
  clientID: string;
  caFile: string;
  usernameClaim: string;
  /** '' : Kubernetes' default prefix; '-' : none. */
  usernamePrefix: string;
  groupsClaim: string;
  groupsPrefix: string;
  requiredClaims: Record<string, string>;
  signingAlgs: string[];
}

export interface ServiceAccountOptions {
  issuers: string[];
  jwksURI: string;
  keyFiles: string[];
  signingKeyFile: string;
  lookup: boolean;
  /** 0 : no maximum. */
  maxTokenExpirationMs: number;
  extendTokenExpiration: boolean;
}

export interface AuthenticationOptions {
  anonymous: boolean;
  clientCAFile: string;
  tokenAuthFile: string;
  enableBootstrapTokenAuth: boolean;
  /** --authentication-config; '' : none. */
  configFile: string;
  webhookConfigFile: string;
  webhookCacheTTLms: number;
  webhookVersion: string;
  requestHeader: RequestHeaderOptions;
  oidc: OidcOptions;
  serviceAccounts: ServiceAccountOptions;
  /** --api-audiences; empty : the service account issuers. */
  apiAudiences: string[];
}

export function authenticationOptions(r: OptionReader): AuthenticationOptions {
  return {
    anonymous: r.bool('anonymous-auth'),
    clientCAFile: r.string('client-ca-file'),
    tokenAuthFile: r.string('token-auth-file'),
    enableBootstrapTokenAuth: r.bool('enable-bootstrap-token-auth'),
    configFile: r.string('authentication-config'),
    webhookConfigFile: r.string('authentication-token-webhook-config-file'),
    webhookCacheTTLms: r.number('authentication-token-webhook-cache-ttl'),
    webhookVersion: r.string('authentication-token-webhook-version'),
    requestHeader: requestHeaderOptions(r),
    oidc: {
      issuerURL: r.string('oidc-issuer-url'),
      clientID: r.string('oidc-client-id'),
      caFile: r.string('oidc-ca-file'),
      usernameClaim: r.string('oidc-username-claim'),
      usernamePrefix: r.string('oidc-username-prefix'),
      groupsClaim: r.string('oidc-groups-claim'),
      groupsPrefix: r.string('oidc-groups-prefix'),
      requiredClaims: r.map('oidc-required-claim'),
      signingAlgs: r.strings('oidc-signing-algs'),
    },
    serviceAccounts: {
      issuers: r.nonEmptyStrings('service-account-issuer'),
      jwksURI: r.string('service-account-jwks-uri'),
      keyFiles: r.nonEmptyStrings('service-account-key-file'),
      signingKeyFile: r.string('service-account-signing-key-file'),
      lookup: r.bool('service-account-lookup'),
      maxTokenExpirationMs: r.number('service-account-max-token-expiration'),
      extendTokenExpiration: r.bool('service-account-extend-token-expiration'),
    },
    apiAudiences: r.nonEmptyStrings('api-audiences'),
  };
}
