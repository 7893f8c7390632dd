// Builds the request authenticator from the authentication options, in Kubernetes' order: the
// request-header proxy, client certificates, then bearer tokens (token file, bootstrap tokens,
// service accounts, OIDC/JWT, webhook); anonymous last and only when nothing else applied and no
// presented credential was refused.
import type { FlagValues } from '../../options/flag.ts';
import { nonEmptyStringsFlag, stringFlag } from '../../options/flag-values.ts';
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
  /** The serving key (generated when no --tls-private-key-file is given): the last fallback for service account keys. */
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
function serviceAccountKeys(values: FlagValues, deps: AuthenticationDeps): VerificationKey[] {
  const keyFiles = nonEmptyStringsFlag(values, 'service-account-key-file');
  if (keyFiles.length) return loadVerificationKeys(keyFiles, '--service-account-key-file');
  const servingKey = stringFlag(values, 'tls-private-key-file') || deps.servingKeyFile || '';
  if (!servingKey) return [];
  try {
    return loadVerificationKeys([servingKey], '--tls-private-key-file');
  } catch (err) {
    log.warning('No usable TLS key, service account token authentication disabled', { err: (err as Error).message });
    return [];
  }
}

function serviceAccountAuthenticators(values: FlagValues, deps: AuthenticationDeps, apiAudiences: string[]): TokenAuthenticator[] {
  const keys = serviceAccountKeys(values, deps);
  if (keys.length === 0) return [];
  const lookup = values['service-account-lookup'] !== false;
  const getter = lookup ? deps.serviceAccountGetter : undefined;
  if (lookup && !getter) log.info('--service-account-lookup is on but service accounts are not stored yet: tokens are checked by signature and claims only');
  const issuers = nonEmptyStringsFlag(values, 'service-account-issuer');
  const out = [serviceAccountTokenAuthenticator({ keys, issuers: [LEGACY_ISSUER], audiences: [], getter, legacy: true })];
  if (issuers.length) out.push(serviceAccountTokenAuthenticator({ keys, issuers, audiences: apiAudiences, getter, legacy: false }));
  return out;
}

export function buildAuthenticator(values: FlagValues, deps: AuthenticationDeps = {}): AuthenticationConfig {
  const structuredFile = stringFlag(values, 'authentication-config');
  const structured = structuredFile ? loadAuthenticationConfiguration(structuredFile) : undefined;
  const oidc = oidcConfigFromFlags(values);
  if (structured?.jwt.length && oidc) throw new Error('--authentication-config and --oidc-* flags are mutually exclusive');

  const issuers = nonEmptyStringsFlag(values, 'service-account-issuer');
  const apiAudiences = nonEmptyStringsFlag(values, 'api-audiences').length ? nonEmptyStringsFlag(values, 'api-audiences') : issuers;

  const methods: RequestAuthenticator[] = [];
  const caPems: string[] = [];

  const proxyCAFile = stringFlag(values, 'requestheader-client-ca-file');
  if (proxyCAFile) {
    const bundle = loadCertBundle(proxyCAFile, '--requestheader-client-ca-file');
    caPems.push(bundle.pem);
    const usernameHeaders = nonEmptyStringsFlag(values, 'requestheader-username-headers');
    if (usernameHeaders.length === 0) throw new Error('--requestheader-username-headers must be set when --requestheader-client-ca-file is set');
    methods.push(
      requestHeaderAuthenticator({
        roots: bundle.certs,
        allowedNames: nonEmptyStringsFlag(values, 'requestheader-allowed-names'),
        usernameHeaders,
        groupHeaders: nonEmptyStringsFlag(values, 'requestheader-group-headers'),
        extraHeaderPrefixes: nonEmptyStringsFlag(values, 'requestheader-extra-headers-prefix'),
        uidHeaders: gate(deps, 'RemoteRequestHeaderUID', true) ? nonEmptyStringsFlag(values, 'requestheader-uid-headers') : [],
      }),
    );
  }

  const clientCAFile = stringFlag(values, 'client-ca-file');
  if (clientCAFile) {
    const bundle = loadCertBundle(clientCAFile, '--client-ca-file');
    caPems.push(bundle.pem);
    methods.push(x509Authenticator({ roots: bundle.certs, parseUID: gate(deps, 'AllowParsingUserUIDFromCertAuth', true) }));
  }

  const tokens: TokenAuthenticator[] = [];
  const tokenFile = stringFlag(values, 'token-auth-file');
  if (tokenFile) tokens.push(loadTokenFile(tokenFile));
  tokens.push(...(deps.tokenAuthenticators ?? []));
  if (values['enable-bootstrap-token-auth'] === true && !deps.tokenAuthenticators?.length) {
    log.warning('--enable-bootstrap-token-auth has no effect: no bootstrap token authenticator was given the Secrets to read');
  }
  tokens.push(...serviceAccountAuthenticators(values, deps, apiAudiences));
  const jwtConfigs: JwtAuthenticatorConfig[] = structured ? structured.jwt : oidc ? [oidc] : [];
  const jwtAuthenticators = jwtConfigs.map((c) => jwtAuthenticator(c));
  tokens.push(...jwtAuthenticators);
  const webhookFile = stringFlag(values, 'authentication-token-webhook-config-file');
  if (webhookFile) {
    const version = stringFlag(values, 'authentication-token-webhook-version') || 'v1beta1';
    if (version !== 'v1' && version !== 'v1beta1') throw new Error(`--authentication-token-webhook-version: invalid version ${JSON.stringify(version)}, allowed: v1, v1beta1`);
    const ttl = values['authentication-token-webhook-cache-ttl'];
    tokens.push(
      webhookTokenAuthenticator({
        client: loadWebhookClientConfig(webhookFile, '--authentication-token-webhook-config-file'),
        version,
        cacheTTLms: typeof ttl === 'number' ? ttl : 120_000,
        audiences: apiAudiences,
      }),
    );
  }
  // As kube-apiserver: accepted tokens are remembered for 10 s, refusals not at all.
  const tokenAuthenticator = tokens.length ? cachedTokenAuthenticator(tokenUnion(tokens), { successTTLms: TOKEN_SUCCESS_TTL_MS, failureTTLms: 0 }) : undefined;
  if (tokenAuthenticator) methods.push(bearerTokenAuthenticator([tokenAuthenticator]));

  const anonymous = structured?.anonymous ?? { enabled: values['anonymous-auth'] !== false, paths: [] };
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
