import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cachedTokenAuthenticator, TokenRefusedError } from './token-cache.ts';
import { AuthenticationError, type TokenAuthenticator } from './types.ts';

function counting(answer: (token: string) => Promise<any>): TokenAuthenticator & { calls: string[] } {
  const calls: string[] = [];
  return { calls, authenticateToken: (t) => (calls.push(t), answer(t)) };
}

test('accepted and refused answers are cached for their TTLs; transport failures never', async () => {
  let now = 0;
  const inner = counting(async (t) => {
    if (t === 'good') return { user: { name: 'u', groups: ['g'] } };
    if (t === 'revoked') throw new TokenRefusedError('revoked');
    if (t === 'down') throw new AuthenticationError('unreachable');
    return null;
  });
  const cache = cachedTokenAuthenticator(inner, { successTTLms: 1000, failureTTLms: 100, now: () => now });
  const first = await cache.authenticateToken('good');
  first!.user.groups.push('mutated');
  assert.deepEqual(await cache.authenticateToken('good'), { user: { name: 'u', groups: ['g'] } }, 'callers get copies');
  assert.equal(await cache.authenticateToken('bad'), null);
  assert.equal(await cache.authenticateToken('bad'), null);
  await assert.rejects(async () => cache.authenticateToken('revoked'), /revoked/);
  await assert.rejects(async () => cache.authenticateToken('revoked'), /revoked/);
  await assert.rejects(async () => cache.authenticateToken('down'), /unreachable/);
  await assert.rejects(async () => cache.authenticateToken('down'), /unreachable/);
  assert.deepEqual(inner.calls, ['good', 'bad', 'revoked', 'down', 'down']);
  now = 500;
  await cache.authenticateToken('bad');
  await cache.authenticateToken('good');
  assert.deepEqual(inner.calls.slice(5), ['bad'], 'refusals expire sooner');
  now = 2000;
  await cache.authenticateToken('good');
  assert.deepEqual(inner.calls.slice(6), ['good']);
});

test('concurrent asks for one token share one call', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const inner = counting(async () => {
    await gate;
    return { user: { name: 'u', groups: [] } };
  });
  const cache = cachedTokenAuthenticator(inner, { successTTLms: 0, failureTTLms: 0 });
  const all = Promise.all([cache.authenticateToken('t'), cache.authenticateToken('t'), cache.authenticateToken('t')]);
  release();
  assert.equal((await all).length, 3);
  assert.equal(inner.calls.length, 1);
});

test('a connection that changes its token is answered for the new token, never the one it sent before', async () => {
  const inner = counting(async (t) => (t.startsWith('good') ? { user: { name: t, groups: [] } } : null));
  const cache = cachedTokenAuthenticator(inner, { successTTLms: 1000, failureTTLms: 1000 });
  const connection = {};
  const other = {};
  assert.equal((await cache.authenticateToken('good-1', connection))!.user.name, 'good-1');
  assert.equal((await cache.authenticateToken('good-1', connection))!.user.name, 'good-1');
  assert.equal((await cache.authenticateToken('good-2', connection))!.user.name, 'good-2', 'same length, other token');
  assert.equal(await cache.authenticateToken('bad-12', connection), null);
  assert.equal((await cache.authenticateToken('good-1', connection))!.user.name, 'good-1');
  assert.equal((await cache.authenticateToken('good-2', other))!.user.name, 'good-2', 'answers are shared across connections');
  assert.equal((await cache.authenticateToken('good-1'))!.user.name, 'good-1', 'no connection named');
  assert.deepEqual(inner.calls, ['good-1', 'good-2', 'bad-12']);
});
