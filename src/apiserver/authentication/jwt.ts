// A JWT authenticator for one OIDC issuer, as --oidc-* flags or one `jwt` entry of
// --authentication-config configure it: the issuer's keys are found by discovery and fetched
// over HTTPS, the signature, issuer, audience and expiry are checked, then claims are mapped to a
// user. A token from another issuer is not this authenticator's business (null).
import type * as Jose from 'jose';
import type { JWTPayload } from 'jose';
import { jose } from '../../machinery/lazy/jose.ts';
import { klog } from '../../component-base/logs/klog.ts';
import type { UserInfo } from '../../component-base/serving/request-context.ts';
import { fetchTrusting, httpsGetJson } from './https-fetch.ts';
import { AuthenticationError, CREDENTIAL_ID_KEY, type TokenAuthenticator } from '../../component-base/authentication/types.ts';
import { checkRules, claimsActivation, claimsCel, claimString, claimStrings, mapExtra, userActivation, userCel, type CelRule, type ExtraMapping } from './jwt-cel.ts';

const log = klog('authentication/jwt');

export const ALL_SIGNING_ALGS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'];
/** go-oidc tolerates `nbf` this far in the future, as other providers do for clock skew. */
const NBF_LEEWAY_S = 300;
const DISCOVERY_RETRY_MS = 10_000;

export interface ClaimMapping {
  claim: string;
  prefix: string;
  /** A CEL expression over `claims` used instead of claim and prefix. */
  expression?: string;
}

export interface JwtAuthenticatorConfig {
  issuer: {
    url: string;
    /** Where the discovery document is; `{url}/.well-known/openid-configuration` when absent. */
    discoveryURL?: string;
    /** PEM bundle trusted for discovery and keys; host roots when absent. */
    certificateAuthority?: string;
    audiences: string[];
  };
  claimValidationRules: Array<{ claim: string; requiredValue: string }>;
  /** claimValidationRules given as CEL expressions over `claims`. */
  claimValidationExpressions?: CelRule[];
  claimMappings: {
    username: ClaimMapping;
    groups?: ClaimMapping;
    uid?: { claim: string; expression?: string };
    extra?: ExtraMapping[];
  };
  /** CEL expressions over the mapped `user`, each of which must hold. */
  userValidationRules?: CelRule[];
  signingAlgs: string[];
}

export interface JwtAuthenticator extends TokenAuthenticator {
  issuerURL: string;
  /** Discovers the issuer's keys now; authentication waits for the same promise. */
  warmUp(): Promise<void>;
}

type KeySet = ReturnType<typeof Jose.createRemoteJWKSet>;

function refuse(message: string): never {
  throw new AuthenticationError(`oidc: ${message}`);
}

function audiencesOf(payload: JWTPayload): string[] {
  const aud = payload.aud;
  if (typeof aud === 'string') return [aud];
  return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
}

function stringClaim(payload: JWTPayload, claim: string): string | undefined {
  const v = payload[claim];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') refuse(`claim ${JSON.stringify(claim)} is not a string`);
  return v;
}

function orRefuse<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof AuthenticationError) throw err;
    return refuse((err as Error).message);
  }
}

function mapUsername(cfg: JwtAuthenticatorConfig, payload: JWTPayload, activation: () => Record<string, unknown>): string {
  const { username } = cfg.claimMappings;
  if (username.expression) {
    const name = orRefuse(() => claimString(username.expression!, activation(), 'username'));
    if (name === '') refuse('empty username via CEL expression is not allowed');
    return name;
  }
  const name = stringClaim(payload, username.claim);
  if (name === undefined) refuse(`parse username claims ${JSON.stringify(username.claim)}: claim not present`);
  if (username.claim === 'email' && payload.email_verified !== undefined) {
    if (typeof payload.email_verified !== 'boolean') refuse("could not parse 'email_verified' claim");
    if (!payload.email_verified) refuse(`email not verified`);
  }
  return username.prefix + name;
}

/** Maps verified claims to a user; throws AuthenticationError with Kubernetes' reasons. */
export function userFromClaims(cfg: JwtAuthenticatorConfig, payload: JWTPayload): UserInfo {
  for (const rule of cfg.claimValidationRules) {
    const v = payload[rule.claim];
    if (v === undefined) refuse(`required claim ${rule.claim} not present in ID token`);
    if (v !== rule.requiredValue) refuse(`required claim ${rule.claim} had an unexpected value`);
  }
  let claims: Record<string, unknown> | undefined;
  const activation = () => (claims ??= claimsActivation(payload as Record<string, unknown>));
  if (cfg.claimValidationExpressions?.length) orRefuse(() => checkRules(claimsCel, cfg.claimValidationExpressions!, activation(), 'claim validation expression'));
  const { groups, uid, extra } = cfg.claimMappings;
  const user: UserInfo = { name: mapUsername(cfg, payload, activation), groups: [] };
  if (groups?.expression) user.groups = orRefuse(() => claimStrings(groups.expression!, activation(), 'groups'));
  else if (groups) {
    const v = payload[groups.claim];
    if (typeof v === 'string') user.groups = [groups.prefix + v];
    else if (Array.isArray(v) && v.every((g) => typeof g === 'string')) user.groups = v.map((g) => groups.prefix + g);
    else if (v !== undefined) refuse(`parse groups claim ${JSON.stringify(groups.claim)}: not a string or an array of strings`);
  }
  if (uid?.expression) user.uid = orRefuse(() => claimString(uid.expression!, activation(), 'uid'));
  else if (uid) {
    const v = stringClaim(payload, uid.claim);
    if (v === undefined) refuse(`uid claim ${JSON.stringify(uid.claim)} not present`);
    user.uid = v;
  }
  const extras: Record<string, string[]> = extra?.length ? orRefuse(() => mapExtra(extra, activation())) : {};
  if (typeof payload.jti === 'string' && payload.jti !== '') extras[CREDENTIAL_ID_KEY] = [`JTI=${payload.jti}`];
  if (Object.keys(extras).length) user.extra = extras;
  if (cfg.userValidationRules?.length) orRefuse(() => checkRules(userCel, cfg.userValidationRules!, userActivation(user), 'user info validation rule'));
  return user;
}

export function jwtAuthenticator(cfg: JwtAuthenticatorConfig): JwtAuthenticator {
  const issuerURL = cfg.issuer.url;
  const discoveryURL = cfg.issuer.discoveryURL || `${issuerURL.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const audiences = new Set(cfg.issuer.audiences);
  let keys: Promise<KeySet> | undefined;
  let failedAt = 0;

  async function discover(): Promise<KeySet> {
    const doc = (await httpsGetJson(discoveryURL, { ca: cfg.issuer.certificateAuthority })) as Record<string, unknown>;
    if (doc.issuer !== issuerURL) throw new Error(`discovery document at ${discoveryURL} names issuer ${JSON.stringify(doc.issuer)}, expected ${JSON.stringify(issuerURL)}`);
    if (typeof doc.jwks_uri !== 'string') throw new Error(`discovery document at ${discoveryURL} has no jwks_uri`);
    log.info('discovered OIDC issuer', { issuer: issuerURL, jwksURI: doc.jwks_uri }, 2);
    return jose().createRemoteJWKSet(new URL(doc.jwks_uri), { [jose().customFetch]: fetchTrusting(cfg.issuer.certificateAuthority) } as never);
  }

  function keySet(): Promise<KeySet> {
    if (!keys) {
      if (Date.now() - failedAt < DISCOVERY_RETRY_MS) return Promise.reject(new Error('discovery failed recently'));
      keys = discover().catch((err) => {
        failedAt = Date.now();
        keys = undefined;
        log.error('OIDC discovery failed', { issuer: issuerURL, err: (err as Error).message });
        throw err;
      });
    }
    return keys;
  }

  return {
    issuerURL,
    async warmUp() {
      await keySet();
    },
    async authenticateToken(token) {
      let unverified: JWTPayload;
      try {
        unverified = jose().decodeJwt(token);
      } catch {
        return null;
      }
      if (unverified.iss !== issuerURL) return null;
      let set: KeySet;
      try {
        set = await keySet();
      } catch {
        refuse(`authenticator for issuer ${JSON.stringify(issuerURL)} is not initialized`);
      }
      let payload: JWTPayload;
      try {
        const verified = await jose().compactVerify(token, set, { algorithms: cfg.signingAlgs });
        payload = JSON.parse(new TextDecoder().decode(verified.payload)) as JWTPayload;
      } catch (err) {
        if (err instanceof jose().errors.JOSEError || err instanceof SyntaxError) refuse(`verify signature: ${(err as Error).message}`);
        throw err;
      }
      const now = Math.floor(Date.now() / 1000);
      if (payload.iss !== issuerURL) refuse('issuer mismatch');
      if (!audiencesOf(payload).some((a) => audiences.has(a))) refuse(`expected audience in ${JSON.stringify([...audiences])}`);
      if (typeof payload.exp !== 'number' || payload.exp < now) refuse('token is expired');
      if (typeof payload.nbf === 'number' && payload.nbf > now + NBF_LEEWAY_S) refuse('token is not valid yet');
      return { user: userFromClaims(cfg, payload) };
    },
  };
}
