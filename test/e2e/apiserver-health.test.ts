// Health endpoints, verbose output, exclusion, per-check paths and the livez grace period.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiserverStarter, apiRequest } from '../support/apiserver.ts';

const start = apiserverStarter();

test('health endpoints answer ok, and verbose lists each check as Kubernetes does', async () => {
  const s = await start({}, { healthChecks: [{ name: 'storage', check() {} }] });
  for (const path of ['/healthz', '/livez', '/readyz']) {
    const r = await apiRequest(s, path);
    assert.equal(r.status, 200, path);
    assert.equal(r.body, 'ok');
    assert.match(String(r.headers['content-type']), /^text\/plain/);
  }
  const v = await apiRequest(s, '/readyz?verbose');
  assert.equal(v.status, 200);
  assert.equal(v.body, '[+]ping ok\n[+]log ok\n[+]storage ok\n[+]shutdown ok\nreadyz check passed\n');
  const h = await apiRequest(s, '/healthz?verbose=1');
  assert.equal(h.body, '[+]ping ok\n[+]log ok\n[+]storage ok\nhealthz check passed\n');
});

test('a failing check fails the endpoint with the reason withheld; exclude skips it', async () => {
  const s = await start({}, { readyChecks: [{ name: 'informer-sync', check: () => { throw new Error('secret detail'); } }] });
  const r = await apiRequest(s, '/readyz');
  assert.equal(r.status, 500);
  assert.equal(r.body, '[+]ping ok\n[+]log ok\n[-]informer-sync failed: reason withheld\n[+]shutdown ok\nreadyz check failed\n');
  assert.doesNotMatch(r.body, /secret detail/);
  const healthz = await apiRequest(s, '/healthz');
  assert.equal(healthz.status, 200, 'a readyz-only check does not touch healthz');

  const ex = await apiRequest(s, '/readyz?verbose&exclude=informer-sync&exclude=nosuch');
  assert.equal(ex.status, 200);
  assert.equal(
    ex.body,
    '[+]ping ok\n[+]log ok\n[+]informer-sync excluded: ok\n[+]shutdown ok\nwarn: some health checks cannot be excluded: no matches for "nosuch"\nreadyz check passed\n',
  );
});

test('per-check paths run one check; unknown checks are 404', async () => {
  const s = await start({}, { readyChecks: [{ name: 'broken', check: () => { throw new Error('disk on fire'); } }] });
  const ok = await apiRequest(s, '/readyz/ping');
  assert.equal(ok.status, 200);
  assert.equal(ok.body, 'ok');
  const bad = await apiRequest(s, '/readyz/broken', { token: s.token });
  assert.equal(bad.status, 500);
  assert.equal(bad.body, 'internal server error: disk on fire\n');
  const missing = await apiRequest(s, '/readyz/nosuch', { token: s.token });
  assert.equal(missing.status, 404);
});

test('post-start hooks: failing until finished; livez passes them during --livez-grace-period', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const s = await start({ 'livez-grace-period': 60_000 }, { postStartHooks: [{ name: 'slow-hook', run: () => gate }] });
  const ready = await apiRequest(s, '/readyz?verbose');
  assert.equal(ready.status, 500);
  assert.match(ready.body, /\[-\]poststarthook\/slow-hook failed: reason withheld/);
  const live = await apiRequest(s, '/livez?verbose');
  assert.equal(live.status, 200);
  assert.match(live.body, /\[\+\]poststarthook\/slow-hook ok/);
  release();
  await new Promise((r) => setTimeout(r, 10));
  assert.equal((await apiRequest(s, '/readyz')).status, 200);

  const noGrace = await start({}, { postStartHooks: [{ name: 'never', run: () => new Promise(() => {}) }] });
  assert.equal((await apiRequest(noGrace, '/livez')).status, 500);
});

test('/version is public and serves the version info', async () => {
  const s = await start({}, { versionInfo: { major: '1', minor: '35', gitVersion: 'v1.35.0' } });
  const r = await apiRequest(s, '/version');
  assert.equal(r.status, 200);
  assert.deepEqual(r.json(), { major: '1', minor: '35', gitVersion: 'v1.35.0' });
});
