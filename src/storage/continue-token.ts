// The list continue token, encoded as Kubernetes encodes it: unpadded URL-safe base64 of
// {"v":"meta.k8s.io/v1","rv":<revision>,"start":"<next key relative to the list prefix>"}.
import { posix } from 'node:path';
import { StorageError } from './interface.ts';

const TOKEN_VERSIONS = new Set(['meta.k8s.io/v1', 'meta.orch.io/v1']);

export function encodeContinue(nextKey: string, keyPrefix: string, revision: number): string {
  const start = nextKey.startsWith(keyPrefix) ? nextKey.slice(keyPrefix.length) : nextKey;
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: revision, start })).toString('base64url');
}

/**
 * Returns the absolute start key and revision. A token that does not decode, or whose start key
 * would leave the listed prefix, is the caller's mistake: BadRequest naming the problem.
 */
export function decodeContinue(token: string, keyPrefix: string): { startKey: string; revision: number } {
  const invalid = (why: string): StorageError => new StorageError('BadRequest', keyPrefix, `invalid continue token: continue key is not valid: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid('incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  }
  const c = parsed as { v?: unknown; rv?: unknown; start?: unknown } | null;
  if (!c || typeof c !== 'object' || typeof c.v !== 'string' || !TOKEN_VERSIONS.has(c.v)) {
    throw invalid('server does not recognize this encoded version');
  }
  if (typeof c.rv !== 'number' || !Number.isSafeInteger(c.rv) || c.rv <= 0) throw invalid('incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (typeof c.start !== 'string' || c.start === '') throw invalid('encoded start key empty');
  // The start key must stay inside the listed prefix: no "..", no doubled slashes.
  const key = c.start.startsWith('/') ? c.start : `/${c.start}`;
  if (posix.normalize(key) !== key || key.split('/').includes('..')) throw invalid(key);
  return { startKey: keyPrefix + key.slice(1), revision: c.rv };
}
