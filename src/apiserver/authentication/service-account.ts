// Service account tokens: JWTs signed by a --service-account-key-file key. Bound tokens (issued by
// the TokenRequest API) carry an `orch.io` claim with the namespace, the service account and what
// the token is bound to, an issuer from --service-account-issuer and an audience from
// --api-audiences. Legacy Secret-based tokens carry `orch.io/serviceaccount/*` claims and the
// issuer `orch/serviceaccount`, and no audience.
import type { JWTPayload } from 'jose';
import { jose } from '../../machinery/lazy/jose.ts';
import type { UserInfo } from '../../component-base/serving/request-context.ts';
import type { VerificationKey } from './service-account-keys.ts';
import { AuthenticationError, CREDENTIAL_ID_KEY, type TokenAuthenticator } from '../../component-base/authentication/types.ts';
import { LEGACY_CLAIM_PREFIX as LEGACY_PREFIX, LEGACY_ISSUER } from '../../machinery/serviceaccount/legacy-token-claims.ts';

export { LEGACY_ISSUER };
export const BOUND_CLAIM = 'orch.io';
export const SERVICE_ACCOUNT_USER_PREFIX = 'system:serviceaccount:';
export const SERVICE_ACCOUNTS_GROUP = 'system:serviceaccounts';
const EXTRA = 'authentication.orch.io/';
/** go-jose's default leeway for exp and nbf. */
const LEEWAY_S = 60;

const ALGS: Record<VerificationKey['kind'], string[]> = { RSA: ['RS256', 'RS384', 'RS512'], EC: ['ES256', 'ES384', 'ES512'] };

export interface StoredRef {
  uid: string;
  /** Set when the object is being deleted: tokens bound to it stop working. */
  deletionTimestamp?: string;
}

/**
 * What --service-account-lookup consults. Provided by the core resources once ServiceAccounts
 * (and Secrets, Pods, Nodes) are served; the optional getters are used when present.
 */
export interface ServiceAccountGetter {
  getServiceAccount(namespace: string, name: string): Promise<StoredRef | null>;
  getSecret?(namespace: string, name: string): Promise<StoredRef | null>;
  getPod?(namespace: string, name: string): Promise<StoredRef | null>;
  getNode?(name: string): Promise<StoredRef | null>;
}

export interface ServiceAccountTokenOptions {
  keys: VerificationKey[];
  /** Accepted `iss` values. */
  issuers: string[];
  /** The token must name one of these in `aud`; empty: no audience check (legacy tokens). */
  audiences: string[];
  /** Present when lookup is on and storage can answer. */
  getter?: ServiceAccountGetter;
  legacy: boolean;
}

interface Ref {
  name: string;
  uid: string;
}

interface Resolved {
  namespace: string;
  serviceAccount: Ref;
  secret?: Ref;
  pod?: Ref;
  node?: Ref;
}

export function serviceAccountUsername(namespace: string, name: string): string {
  return `${SERVICE_ACCOUNT_USER_PREFIX}${namespace}:${name}`;
}

export function serviceAccountGroups(namespace: string): string[] {
  return [SERVICE_ACCOUNTS_GROUP, `${SERVICE_ACCOUNTS_GROUP}:${namespace}`];
}

function refuse(message: string): never {
  throw new AuthenticationError(message);
}

function ref(v: unknown, what: string): Ref | undefined {
  if (v === undefined || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o !== 'object' || typeof o.name !== 'string' || typeof o.uid !== 'string') refuse(`service account token ${what} claim is malformed`);
  return { name: o.name, uid: o.uid };
}

function boundClaims(payload: JWTPayload): Resolved {
  const c = payload[BOUND_CLAIM] as Record<string, unknown> | undefined;
  if (!c || typeof c !== 'object') refuse('service account token claims could not be validated: missing the orch.io claim');
  if (typeof c.namespace !== 'string' || c.namespace === '') refuse('service account token does not name a namespace');
  const serviceAccount = ref(c.serviceaccount, 'serviceaccount');
  if (!serviceAccount) refuse('service account token does not name a service account');
  return { namespace: c.namespace, serviceAccount, secret: ref(c.secret, 'secret'), pod: ref(c.pod, 'pod'), node: ref(c.node, 'node') };
}

function legacyClaims(payload: JWTPayload): Resolved {
  const get = (k: string) => {
    const v = payload[LEGACY_PREFIX + k];
    if (typeof v !== 'string' || v === '') refuse(`service account token does not have the ${LEGACY_PREFIX + k} claim`);
    return v;
  };
  const namespace = get('namespace');
  return {
    namespace,
    serviceAccount: { name: get('service-account.name'), uid: get('service-account.uid') },
    secret: { name: get('secret.name'), uid: '' },
  };
}

async function lookUp(getter: ServiceAccountGetter, r: Resolved): Promise<void> {
  const check = async (kind: string, ref: Ref | undefined, get: ((name: string) => Promise<StoredRef | null>) | undefined) => {
    if (!ref || !get) return;
    const stored = await get(ref.name);
    if (!stored) refuse(`${kind} ${r.namespace}/${ref.name} has been deleted`);
    if (ref.uid && stored.uid !== ref.uid) refuse(`${kind} UID (${ref.uid}) does not match the stored one (${stored.uid})`);
    if (stored.deletionTimestamp) refuse(`${kind} ${r.namespace}/${ref.name} is being deleted`);
  };
  await check('service account', r.serviceAccount, (n) => getter.getServiceAccount(r.namespace, n));
  await check('secret', r.secret, getter.getSecret && ((n) => getter.getSecret!(r.namespace, n)));
  await check('pod', r.pod, getter.getPod && ((n) => getter.getPod!(r.namespace, n)));
  await check('node', r.node, getter.getNode && ((n) => getter.getNode!(n)));
}

function userOf(r: Resolved, payload: JWTPayload): UserInfo {
  const extra: Record<string, string[]> = {};
  if (r.pod) {
    extra[`${EXTRA}pod-name`] = [r.pod.name];
    extra[`${EXTRA}pod-uid`] = [r.pod.uid];
  }
  if (r.node) {
    extra[`${EXTRA}node-name`] = [r.node.name];
    if (r.node.uid) extra[`${EXTRA}node-uid`] = [r.node.uid];
  }
  if (typeof payload.jti === 'string' && payload.jti !== '') extra[CREDENTIAL_ID_KEY] = [`JTI=${payload.jti}`];
  return {
    name: serviceAccountUsername(r.namespace, r.serviceAccount.name),
    uid: r.serviceAccount.uid,
    groups: serviceAccountGroups(r.namespace),
    ...(Object.keys(extra).length ? { extra } : {}),
  };
}

export function serviceAccountTokenAuthenticator(opts: ServiceAccountTokenOptions): TokenAuthenticator {
  const issuers = new Set(opts.issuers);
  const audiences = new Set(opts.audiences);
  const byKid = new Map(opts.keys.map((k) => [k.kid, k]));

  async function verifySignature(token: string, kid: unknown): Promise<void> {
    const first = typeof kid === 'string' ? byKid.get(kid) : undefined;
    const order = first ? [first, ...opts.keys.filter((k) => k !== first)] : opts.keys;
    for (const k of order) {
      try {
        await jose().compactVerify(token, k.key, { algorithms: ALGS[k.kind] });
        return;
      } catch (err) {
        if (!(err instanceof jose().errors.JOSEError)) throw err;
      }
    }
    refuse('service account token signature is invalid');
  }

  return {
    async authenticateToken(token) {
      let payload: JWTPayload;
      let kid: unknown;
      try {
        payload = jose().decodeJwt(token);
        kid = jose().decodeProtectedHeader(token).kid;
      } catch {
        return null;
      }
      if (typeof payload.iss !== 'string' || !issuers.has(payload.iss)) return null;
      await verifySignature(token, kid);
      const now = Math.floor(Date.now() / 1000);
      if (typeof payload.exp === 'number' && now > payload.exp + LEEWAY_S) refuse('service account token has expired');
      if (typeof payload.nbf === 'number' && now < payload.nbf - LEEWAY_S) refuse('service account token is not valid yet');
      if (audiences.size > 0) {
        const aud = typeof payload.aud === 'string' ? [payload.aud] : Array.isArray(payload.aud) ? payload.aud : [];
        if (!aud.some((a) => audiences.has(a))) refuse(`token audiences are invalid for the target audiences ${JSON.stringify([...audiences])}`);
      }
      const resolved = opts.legacy ? legacyClaims(payload) : boundClaims(payload);
      if (opts.getter) await lookUp(opts.getter, resolved);
      return { user: userOf(resolved, payload) };
    },
  };
}
