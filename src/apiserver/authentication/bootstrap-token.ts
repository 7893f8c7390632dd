// --enable-bootstrap-token-auth: a bearer token `<id>.<secret>` names the Secret
// `bootstrap-token-<id>` of type bootstrap.orch.io/token in orch-system. As Kubernetes' bootstrap
// authenticator: the user is system:bootstrap:<id> in system:bootstrappers plus the Secret's
// auth-extra-groups; a deleted, expired, mismatched or non-authenticating Secret is no match. The
// secret half is compared in constant time and never logged.
import { timingSafeEqual } from 'node:crypto';
import type { Secret } from '../../api/core/v1/secret-types.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { secretKind } from '../registry/core/secrets/secret-type.ts';
import { AuthenticationError, type TokenAuthenticator } from '../../component-base/authentication/types.ts';

const log = klog('authentication/bootstrap-token');

export const BOOTSTRAP_TOKEN_NAMESPACE = 'orch-system';
export const BOOTSTRAP_TOKEN_SECRET_PREFIX = 'bootstrap-token-';
export const BOOTSTRAP_USER_PREFIX = 'system:bootstrap:';
export const BOOTSTRAPPERS_GROUP = 'system:bootstrappers';

const TOKEN = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
const EXTRA_GROUP = /^system:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]$/;

/** Reads a bootstrap token Secret of orch-system by name; null when there is none. */
export interface BootstrapTokenSecrets {
  get(name: string): Promise<Secret | null>;
}

export interface BootstrapTokenOptions {
  /** The clock expirations are judged by (milliseconds since the epoch). */
  now?: () => number;
}

function dataString(secret: Secret, key: string): string {
  const value = secret.data?.[key];
  return value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  // Lengths differ only for a malformed Secret; the token's own length is public.
  return x.length === y.length && timingSafeEqual(x, y);
}

/** An `expiration` that does not parse counts as expired, as Kubernetes reads it. */
function expired(secret: Secret, now: number): boolean {
  const text = dataString(secret, 'expiration');
  if (text === '') return false;
  const at = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) || Number.isNaN(at)) {
    log.info('bootstrap token has an unparseable expiration; treating it as expired', { secret: secret.metadata.name }, 3);
    return true;
  }
  return now > at;
}

/** system:bootstrappers plus auth-extra-groups, each of which must be a system:bootstrappers: group. */
function groupsOf(secret: Secret): string[] {
  const groups = [BOOTSTRAPPERS_GROUP];
  for (const raw of dataString(secret, 'auth-extra-groups').split(',')) {
    const group = raw.trim();
    if (group === '') continue;
    if (!EXTRA_GROUP.test(group)) throw new AuthenticationError(`bootstrap token secret ${secret.metadata.name} has an invalid auth-extra-groups entry ${JSON.stringify(group)}`);
    if (!groups.includes(group)) groups.push(group);
  }
  return groups;
}

export function bootstrapTokenAuthenticator(secrets: BootstrapTokenSecrets, opts: BootstrapTokenOptions = {}): TokenAuthenticator {
  const now = opts.now ?? Date.now;
  return {
    async authenticateToken(token) {
      const m = TOKEN.exec(token);
      if (!m) return null;
      const [, id, tokenSecret] = m as unknown as [string, string, string];
      const name = BOOTSTRAP_TOKEN_SECRET_PREFIX + id;
      const refuse = (why: string) => {
        log.info('bootstrap token refused', { secret: name, reason: why }, 3);
        return null;
      };
      const secret = await secrets.get(name);
      if (!secret) return refuse('no such secret');
      if (secret.metadata.namespace !== undefined && secret.metadata.namespace !== BOOTSTRAP_TOKEN_NAMESPACE) return refuse('secret outside orch-system');
      if (secret.metadata.deletionTimestamp) return refuse('secret is being deleted');
      if (secretKind(secret.type) !== 'bootstrap-token') return refuse(`secret type ${JSON.stringify(secret.type ?? '')}`);
      if (!sameSecret(dataString(secret, 'token-secret'), tokenSecret)) return refuse('token secret does not match');
      if (dataString(secret, 'token-id') !== id) return refuse('token id does not match');
      if (expired(secret, now())) return refuse('token has expired');
      if (dataString(secret, 'usage-bootstrap-authentication') !== 'true') return refuse('usage-bootstrap-authentication is not true');
      return { user: { name: BOOTSTRAP_USER_PREFIX + id, groups: groupsOf(secret) } };
    },
  };
}

/** The bootstrap token authenticator when --enable-bootstrap-token-auth is on and Secrets are reachable. */
export function bootstrapTokenAuthenticators(enabled: boolean, secrets: BootstrapTokenSecrets | undefined): TokenAuthenticator[] {
  if (!enabled || !secrets) return [];
  return [bootstrapTokenAuthenticator(secrets)];
}
