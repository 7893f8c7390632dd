// Builds the request authenticator from the authentication options, in Kubernetes' order: the
// request-header proxy, client certificates, then bearer tokens (token file, bootstrap tokens,
// service accounts, OIDC/JWT, webhook); anonymous last and only when nothing else applied and no
// presented credential was refused.
import type { AuthenticationOptions } from '../../options/apiserver/authentication-options.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { anonymousAuthenticator } from '../../component-base/authentication/anonymous.ts';
import { loadAuthenticationConfiguration } from './authentication-config.ts';
import { bearerTokenAuthenticator, tokenUnion } from '../../component-base/authentication/bearer-token.ts';
import { loadCertBundle } from '../../component-base/authentication/cert-verify.ts';
import { jwtAuthenticator, type JwtAuthenticator, type JwtAuthenticatorConfig } from './jwt.ts';
import { oidcConfigFromFlags } from './oidc-flags.ts';
import { loadWebhookClientConfig } from '../../component-base/authentication/orchconfig-client.ts';
import { requestHeaderAuthenticator } from '../../component-base/authentication/request-header.ts';
import { LEGACY_ISSUER, serviceAccountTokenAuthenticator, type ServiceAccountGetter } from './service-account.ts';
import { loadVerificationKeys, type VerificationKey } from './service-account-keys.ts';
import { cachedTokenAuthenticator } from '../../component-base/authentication/token-cache.ts';
import { loadTokenFile } from './token-file.ts';
import type { RequestAuthenticator, TokenAuthenticator } from '../../component-base/authentication/types.ts';
import { failOnErrorUnion, unionAuthenticator, withAuthenticatedGroup } from '../../component-base/authentication/union.ts';
import { webhookTokenAuthenticator } from './webhook-token.ts';
import { x509Authenticator } from '../../component-base/authentication/x509.ts';

const log = klog('authentication/build');

const TOKEN_SUCCESS_TTL_MS = 10_000;

export interface AuthenticationDeps {
  /** Token authenticators provided by other packages (bootstrap tokens); asked after the token file. */
  tokenAuthenticators?: TokenAuthenticator[];
  /** Storage behind --service-account-lookup, once service accounts are served. */
  serviceAccountGetter?: ServiceAccountGetter;
  featureGates?: { enabled(name: string): boolean };
  /** The serving key (--tls-private-key-file, or the generated one): the fallback for service account keys. */
  servingKeyFile?: string;
}

export interface AuthenticationConfig {
  authenticator: RequestAuthenticator;
  anonymousEnabled: boolean;
  /** PEM of every authority client certificates may come from; the TLS handshake asks for one when set. */
  clientCA?: string;
  /** --api-audiences, defaulted from --service-account-issuer. */
  apiAudiences: string[];
  jwtAuthenticators: JwtAuthenticator[];
  /** Every bearer token authenticator joined, with the 10 s cache: what a TokenReview asks. Absent when none is configured. */
  tokenAuthenticator?: TokenAuthenticator;
}

function gate(deps: AuthenticationDeps, name: string, byDefault: boolean): boolean {
  return deps.featureGates ? deps.featureGates.enabled(name) : byDefault;
}

/** The keys that verify service account tokens: the key files, else the serving key when it is RSA or ECDSA. */
function serviceAccountKeys(opts: AuthenticationOptions, deps: AuthenticationDeps): VerificationKey[] {
  const keyFiles = opts.serviceAccounts.keyFiles;
  if (keyFiles.length) return loadVerificationKeys(keyFiles, '--service-account-key-file');
  const servingKey = deps.servingKeyFile || '';
  if (!servingKey) return [];
  try {
    return loadVerificationKeys([servingKey], '--tls-private-key-file');
  } catch (err) {
    log.warning('No usable TLS key, service account token authentication disabled', { err: (err as Error).message });
    return [];
  }
}

function serviceAccountAuthenticators(opts: AuthenticationOptions, deps: AuthenticationDeps, apiAudiences: string[]): TokenAuthenticator[] {
  const keys = serviceAccountKeys(opts, deps);
  if (keys.length === 0) return [];
  const lookup = opts.serviceAccounts.lookup;
  const getter = lookup ? deps.serviceAccountGetter : undefined;
  if (lookup && !getter) log.info('--service-account-lookup is on but service accounts are not stored yet: tokens are checked by signature and claims only');
  const issuers = opts.serviceAccounts.issuers;
  const out = [serviceAccountTokenAuthenticator({ keys, issuers: [LEGACY_ISSUER], audiences: [], getter, legacy: true })];
  if (issuers.length) out.push(serviceAccountTokenAuthenticator({ keys, issuers, audiences: apiAudiences, getter, legacy: false }));
  return out;
}

export function buildAuthenticator(opts: AuthenticationOptions, deps: AuthenticationDeps = {}): AuthenticationConfig {
  const structuredFile = opts.configFile;
  const structured = structuredFile ? loadAuthenticationConfiguration(structuredFile) : undefined;
  const oidc = oidcConfigFromFlags(opts.oidc);
  if (structured?.jwt.length && oidc) throw new Error('--authentication-config and --oidc-* flags are mutually exclusive');

  const apiAudiences = opts.apiAudiences.length ? opts.apiAudiences : opts.serviceAccounts.issuers;

  const methods: RequestAuthenticator[] = [];
  const caPems: string[] = [];

  const requestHeader = opts.requestHeader;
  if (requestHeader.clientCAFile) {
    const bundle = loadCertBundle(requestHeader.clientCAFile, '--requestheader-client-ca-file');
    caPems.push(bundle.pem);
    const usernameHeaders = requestHeader.usernameHeaders;
    if (usernameHeaders.length === 0) throw new Error('--requestheader-username-headers must be set when --requestheader-client-ca-file is set');
    methods.push(
      requestHeaderAuthenticator({
        roots: bundle.certs,
        allowedNames: requestHeader.allowedNames,
        usernameHeaders,
        groupHeaders: requestHeader.groupHeaders,
        extraHeaderPrefixes: requestHeader.extraHeadersPrefix,
        uidHeaders: gate(deps, 'RemoteRequestHeaderUID', true) ? requestHeader.uidHeaders : [],
      }),
    );
  }

  const clientCAFile = opts.clientCAFile;
  if (clientCAFile) {
    const bundle = loadCertBundle(clientCAFile, '--client-ca-file');
    caPems.push(bundle.pem);
    methods.push(x509Authenticator({ roots: bundle.certs, parseUID: gate(deps, 'AllowParsingUserUIDFromCertAuth', true) }));
  }

  const tokens: TokenAuthenticator[] = [];
  const tokenFile = opts.tokenAuthFile;
  if (tokenFile) tokens.push(loadTokenFile(tokenFile));
  tokens.push(...(deps.tokenAuthenticators ?? []));
  if (opts.enableBootstrapTokenAuth && !deps.tokenAuthenticators?.length) {
    log.warning('--enable-bootstrap-token-auth has no effect: no bootstrap token authenticator was given the Secrets to read');
  }
  tokens.push(...serviceAccountAuthenticators(opts, deps, apiAudiences));
  const jwtConfigs: JwtAuthenticatorConfig[] = structured ? structured.jwt : oidc ? [oidc] : [];
  const jwtAuthenticators = jwtConfigs.map((c) => jwtAuthenticator(c));
  tokens.push(...jwtAuthenticators);
  const webhookFile = opts.webhookConfigFile;
  if (webhookFile) {
    const version = opts.webhookVersion;
    if (version !== 'v1' && version !== 'v1beta1') throw new Error(`--authentication-token-webhook-version: invalid version ${JSON.stringify(version)}, allowed: v1, v1beta1`);
    tokens.push(
      webhookTokenAuthenticator({
        client: loadWebhookClientConfig(webhookFile, '--authentication-token-webhook-config-file'),
        version,
        cacheTTLms: opts.webhookCacheTTLms,
        audiences: apiAudiences,
      }),
    );
  }
  // As kube-apiserver: accepted tokens are remembered for 10 s, refusals not at all.
  const tokenAuthenticator = tokens.length ? cachedTokenAuthenticator(tokenUnion(tokens), { successTTLms: TOKEN_SUCCESS_TTL_MS, failureTTLms: 0 }) : undefined;
  if (tokenAuthenticator) methods.push(bearerTokenAuthenticator([tokenAuthenticator]));

  const anonymous = structured?.anonymous ?? { enabled: opts.anonymous, paths: [] };
  const named = withAuthenticatedGroup(unionAuthenticator(methods));
  const authenticator = anonymous.enabled ? failOnErrorUnion([named, anonymousAuthenticator(anonymous.paths)]) : named;
  // Discovery starts now so the first OIDC token does not wait for it; failures are retried on use.
  for (const j of jwtAuthenticators) j.warmUp().catch(() => {});
  return {
    authenticator,
    anonymousEnabled: anonymous.enabled,
    clientCA: caPems.length ? caPems.join('\n') : undefined,
    apiAudiences,
    jwtAuthenticators,
    ...(tokenAuthenticator ? { tokenAuthenticator } : {}),
  };
}
