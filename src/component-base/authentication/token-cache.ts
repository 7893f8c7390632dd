// Caches a token authenticator's answers, accepted and refused, keyed by a keyed hash of the token
// (the cache never keeps the token), for a time each. Concurrent asks for one token share one
// call. Transport failures are not cached, so an outage does not outlive itself.
// Hashing costs microseconds a request, and on a kept-alive connection (HTTP/2 above all) the same
// token comes again and again: each connection's last token and its key are remembered beside the
// connection, which holds that header anyway, and only as long as it lives.
import { hash, randomBytes } from 'node:crypto';
import { AuthenticationError, type AuthResult, type TokenAuthenticator } from './types.ts';

const MAX_ENTRIES = 4096;

interface Entry {
  expires: number;
  result: AuthResult | null;
  refusal?: string;
}

export interface TokenCacheOptions {
  successTTLms: number;
  failureTTLms: number;
  now?: () => number;
}

/** Equal strings, in time that depends on the length only (never on where they differ). */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function copy(result: AuthResult | null): AuthResult | null {
  if (!result) return null;
  const u = result.user;
  return { user: { ...u, groups: [...u.groups], ...(u.extra ? { extra: Object.fromEntries(Object.entries(u.extra).map(([k, v]) => [k, [...v]])) } : {}) } };
}

/** The caller's own copy of a cached answer, or the cached refusal. */
function answer(entry: Entry): AuthResult | null {
  if (entry.refusal !== undefined) throw new TokenRefusedError(entry.refusal);
  return copy(entry.result);
}

/** Refusals an inner authenticator reports as definite answers (cached) rather than failures. */
export class TokenRefusedError extends AuthenticationError {}

export function cachedTokenAuthenticator(inner: TokenAuthenticator, opts: TokenCacheOptions): TokenAuthenticator {
  // A per-process secret prefix: keys reveal nothing about tokens, even to someone who can read memory dumps of other processes.
  const salt = randomBytes(32).toString('base64');
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry>>();
  const now = opts.now ?? Date.now;
  const connectionKeys = new WeakMap<object, { token: string; key: string }>();

  function keyOf(token: string, connection: object | undefined): string {
    const last = connection && connectionKeys.get(connection);
    if (last && constantTimeEqual(last.token, token)) return last.key;
    const key = hash('sha256', salt + token, 'base64');
    if (connection) connectionKeys.set(connection, { token, key });
    return key;
  }

  async function ask(key: string, token: string): Promise<Entry> {
    let result: AuthResult | null;
    let refusal: string | undefined;
    try {
      result = await inner.authenticateToken(token);
    } catch (err) {
      if (!(err instanceof TokenRefusedError)) throw err;
      result = null;
      refusal = err.message;
    }
    const ttl = result ? opts.successTTLms : opts.failureTTLms;
    const entry: Entry = { expires: now() + ttl, result, refusal };
    if (ttl > 0) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    }
    return entry;
  }

  return {
    authenticateToken(token, connection) {
      const key = keyOf(token, connection);
      const entry = entries.get(key);
      // A cached answer is given at once; only a token being asked about is waited for.
      if (entry && entry.expires > now()) return answer(entry);
      if (entry) entries.delete(key);
      let pending = inflight.get(key);
      if (!pending) {
        pending = ask(key, token).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return pending.then(answer);
    },
  };
}
