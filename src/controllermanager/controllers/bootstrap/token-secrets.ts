// Bootstrap token Secrets as the bootstrap controllers read them: `bootstrap-token-<id>` of type
// bootstrap.orch.io/token (or Kubernetes' spelling) in orch-system, with token-id, token-secret,
// an optional RFC 3339 expiration (one that does not parse counts as expired) and the usage-*
// flags.
import type { Secret } from '../../../api/core/v1/secret-types.ts';
import { parseRFC3339Micros } from '../../../api/meta/v1/time.ts';
import { klog } from '../../../component-base/logs/klog.ts';

const log = klog('controllermanager/bootstrap');

export const TOKEN_SECRET_NAMESPACE = 'orch-system';
export const BOOTSTRAP_TOKEN_TYPES: readonly string[] = ['bootstrap.orch.io/token', 'bootstrap.kubernetes.io/token'];
const SECRET_NAME = /^bootstrap-token-([a-z0-9]{6})$/;

export function isBootstrapTokenSecret(secret: Secret): boolean {
  return secret.metadata.namespace === TOKEN_SECRET_NAMESPACE && BOOTSTRAP_TOKEN_TYPES.includes(secret.type ?? '');
}

export function secretData(secret: Secret, key: string): string {
  const value = secret.data?.[key];
  return value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
}

/** Time left before the token expires, or expired; no expiration: never expires (ttl 0). */
export function tokenExpiration(secret: Secret, nowMs: number): { ttlMs: number; expired: boolean } {
  const expiration = secretData(secret, 'expiration');
  if (!expiration) return { ttlMs: 0, expired: false };
  const micros = parseRFC3339Micros(expiration);
  if (micros === undefined) {
    log.info('Unparseable expiration time in bootstrap token Secret; treating as expired', { secret: `${secret.metadata.namespace}/${secret.metadata.name}`, expiration }, 3);
    return { ttlMs: 0, expired: true };
  }
  const ttlMs = Number(micros / 1000n) - nowMs;
  if (ttlMs <= 0) {
    log.info('Expired bootstrap token', { secret: `${secret.metadata.namespace}/${secret.metadata.name}`, expiration }, 3);
    return { ttlMs: 0, expired: true };
  }
  return { ttlMs, expired: false };
}

/** The token a Secret holds when it may sign cluster-info: well named, not expired, usage-bootstrap-signing=true. */
export function signingToken(secret: Secret, nowMs: number): { id: string; secret: string } | undefined {
  const nameId = SECRET_NAME.exec(secret.metadata.name ?? '')?.[1];
  if (!nameId) return undefined;
  const id = secretData(secret, 'token-id');
  if (!id || id !== nameId) return undefined;
  const tokenSecret = secretData(secret, 'token-secret');
  if (!tokenSecret) return undefined;
  if (tokenExpiration(secret, nowMs).expired) return undefined;
  if (secretData(secret, 'usage-bootstrap-signing') !== 'true') return undefined;
  return { id, secret: tokenSecret };
}
