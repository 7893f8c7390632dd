// --enable-bootstrap-token-auth on the orch-apiserver daemon as shipped: Secrets of type
// bootstrap.orch.io/token in orch-system authenticate `<id>.<secret>` bearer tokens as
// system:bootstrap:<id>; every other Secret state is refused with 401.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { daemonDir, startDaemon as startOrchApiserver } from '../support/daemon.ts';

/**
 * The real daemon with these extra flags, ready; call() sends JSON with the given bearer token.
 * Authorization is AlwaysAllow, so only authentication decides.
 */
async function startDaemon(t: TestContext, flags: string[]) {
  const daemon = await startOrchApiserver(t, daemonDir(t), ['--authorization-mode=AlwaysAllow', ...flags]);
  const call = (method: string, path: string, token: string, body?: unknown) => daemon.send(method, path, { token, body });
  return { admin: daemon.token, call };
}

type Daemon = Awaited<ReturnType<typeof startDaemon>>;

function randomId(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

/** Stores a bootstrap token Secret; returns its bearer token. */
async function bootstrapToken(d: Daemon, data: Record<string, string>, opts: { namespace?: string; id?: string; metadata?: Record<string, unknown> } = {}): Promise<string> {
  const id = opts.id ?? randomId(6);
  const secret = randomId(16);
  const namespace = opts.namespace ?? 'orch-system';
  const created = await d.call('POST', `/api/v1/namespaces/${namespace}/secrets`, d.admin, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: `bootstrap-token-${id}`, namespace, ...opts.metadata },
    type: 'bootstrap.orch.io/token',
    stringData: { 'token-id': id, 'token-secret': secret, 'usage-bootstrap-authentication': 'true', ...data },
  });
  assert.equal(created.status, 201, created.text);
  return `${id}.${secret}`;
}

async function whoami(d: Daemon, token: string) {
  const r = await d.call('POST', '/apis/authentication.orch.io/v1/selfsubjectreviews', token, { apiVersion: 'authentication.orch.io/v1', kind: 'SelfSubjectReview' });
  return { status: r.status, user: r.status === 201 || r.status === 200 ? r.body.status.userInfo : undefined };
}

test('bootstrap tokens authenticate from their Secrets in orch-system, and only while valid', async (t) => {
  const d = await startDaemon(t, ['--enable-bootstrap-token-auth']);

  await t.test('a good token is system:bootstrap:<id> in system:bootstrappers and its extra groups', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const token = await bootstrapToken(d, { expiration: future, 'auth-extra-groups': 'system:bootstrappers:orch:default-node-token,system:bootstrappers:worker' });
    const me = await whoami(d, token);
    assert.equal(me.status, 201);
    assert.equal(me.user.username, `system:bootstrap:${token.slice(0, 6)}`);
    assert.deepEqual(me.user.groups, ['system:bootstrappers', 'system:bootstrappers:orch:default-node-token', 'system:bootstrappers:worker', 'system:authenticated']);
    // The token works for ordinary requests too (authorization is AlwaysAllow here).
    assert.equal((await d.call('GET', '/api/v1/namespaces', token)).status, 200);
  });

  await t.test('a wrong secret half is refused', async () => {
    const token = await bootstrapToken(d, {});
    const wrong = `${token.slice(0, 7)}${token.slice(7).split('').reverse().join('')}`;
    assert.notEqual(wrong, token);
    assert.equal((await whoami(d, wrong)).status, 401);
    assert.equal((await whoami(d, `${token.slice(0, 6)}.0000000000000000`)).status, 401);
    assert.equal((await whoami(d, token)).status, 201, 'the right secret still works');
  });

  await t.test('an expired token is refused, and so is an unreadable expiration', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    assert.equal((await whoami(d, await bootstrapToken(d, { expiration: past }))).status, 401);
    assert.equal((await whoami(d, await bootstrapToken(d, { expiration: 'tomorrow' }))).status, 401);
  });

  await t.test('usage-bootstrap-authentication other than "true" is refused', async () => {
    assert.equal((await whoami(d, await bootstrapToken(d, { 'usage-bootstrap-authentication': 'false' }))).status, 401);
    assert.equal((await whoami(d, await bootstrapToken(d, { 'usage-bootstrap-authentication': '' }))).status, 401);
  });

  await t.test('a Secret outside orch-system is no bootstrap token', async () => {
    assert.equal((await whoami(d, await bootstrapToken(d, {}, { namespace: 'default' }))).status, 401);
  });

  await t.test('a Secret named for another id, or being deleted, is refused', async () => {
    // The Secret bootstrap-token-<a> holding token-id <b>: the token <a>.<secret> does not match it.
    const a = randomId(6);
    const token = await bootstrapToken(d, { 'token-id': randomId(6) }, { id: a });
    assert.equal((await whoami(d, token)).status, 401);
    const held = await bootstrapToken(d, {}, { metadata: { finalizers: ['example.com/hold'] } });
    const name = `bootstrap-token-${held.slice(0, 6)}`;
    assert.equal((await d.call('DELETE', `/api/v1/namespaces/orch-system/secrets/${name}`, d.admin)).status, 200);
    assert.equal((await whoami(d, held)).status, 401);
  });

  await t.test('an extra group outside system:bootstrappers: makes the token fail', async () => {
    assert.equal((await whoami(d, await bootstrapToken(d, { 'auth-extra-groups': 'system:masters' }))).status, 401);
  });

  await t.test('tokens that are not <6>.<16> lower-case alphanumerics are not bootstrap tokens', async () => {
    const token = await bootstrapToken(d, {});
    assert.equal((await whoami(d, token.toUpperCase())).status, 401);
    assert.equal((await whoami(d, `${token}x`)).status, 401);
  });
});

test('without --enable-bootstrap-token-auth a bootstrap token is refused', async (t) => {
  const d = await startDaemon(t, []);
  assert.equal((await whoami(d, await bootstrapToken(d, {}))).status, 401);
});
