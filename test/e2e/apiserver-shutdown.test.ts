// Graceful shutdown on a real SIGTERM, in a child process: readiness fails at once, health holds
// for --shutdown-delay-duration, in-flight requests drain, then the process exits 0. Also two
// processes sharing a port with --permit-port-sharing.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { readFileSync } from 'node:fs';
import { spawnTestApiserver, apiRequest, type ChildApiserver } from '../support/apiserver.ts';

const children: ChildApiserver[] = [];
after(() => {
  for (const c of children) if (c.child.exitCode === null) c.kill('SIGKILL');
});
async function spawnChild(...args: Parameters<typeof spawnTestApiserver>): Promise<ChildApiserver> {
  const c = await spawnTestApiserver(...args);
  children.push(c);
  return c;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the elapsed milliseconds when the child exits, and its code. */
async function exitAfter(c: ChildApiserver, since: number): Promise<{ code: number | null; ms: number }> {
  const code = await c.exited;
  return { code, ms: performance.now() - since };
}

/** Streams a watch; resolves when the server ends it. */
function openWatch(c: ChildApiserver, query = ''): { ended: Promise<number> } {
  const ended = new Promise<number>((resolve, reject) => {
    const req = httpsRequest(new URL(`/api/v1/pods?watch=true${query}`, c.url), { ca: readFileSync(c.caFile), agent: false, headers: { authorization: `Bearer ${c.token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now()));
      res.on('error', () => resolve(performance.now()));
    });
    req.on('error', reject);
    req.end();
  });
  return { ended };
}

test('SIGTERM: /readyz fails at once, /healthz and /livez hold for the delay, requests drain, exit 0', async () => {
  const c = await spawnChild({ 'shutdown-delay-duration': 800 }, { slowApi: true });
  const slow = apiRequest(c, '/api/v1/pods?delayMs=1300', { token: c.token });
  await sleep(100);
  const t0 = performance.now();
  c.kill('SIGTERM');
  await sleep(100);
  const ready = await apiRequest(c, '/readyz?verbose');
  assert.equal(ready.status, 500);
  assert.match(ready.body, /\[-\]shutdown failed: reason withheld\n/);
  assert.match(ready.body, /readyz check failed\n$/);
  assert.equal((await apiRequest(c, '/healthz')).status, 200);
  assert.equal((await apiRequest(c, '/livez')).status, 200);
  assert.equal((await apiRequest(c, '/api/v1/pods', { token: c.token })).status, 200, 'served normally during the delay');

  await sleep(900 - (performance.now() - t0));
  await assert.rejects(apiRequest(c, '/healthz'), /ECONNREFUSED|ECONNRESET/, 'the listener is closed after the delay');
  const inflight = await slow;
  assert.equal(inflight.status, 200, 'the in-flight request completed');
  const { code, ms } = await exitAfter(c, t0);
  assert.equal(code, 0);
  assert.ok(ms >= 1100 && ms < 3000, `exited after ${Math.round(ms)}ms`);
});

test('--shutdown-send-retry-after: new requests get 429, Retry-After and Connection: close while draining', async () => {
  const c = await spawnChild({ 'shutdown-delay-duration': 200, 'shutdown-send-retry-after': true }, { slowApi: true });
  const slow = apiRequest(c, '/api/v1/pods?delayMs=1200', { token: c.token });
  await sleep(100);
  const t0 = performance.now();
  c.kill('SIGTERM');
  await sleep(400);
  const refused = await apiRequest(c, '/api/v1/pods', { token: c.token });
  assert.equal(refused.status, 429);
  assert.ok(Number(refused.headers['retry-after']) > 0);
  assert.equal(refused.headers.connection, 'close');
  assert.equal((await apiRequest(c, '/healthz')).status, 200, 'health probes are exempt, as in Kubernetes');
  assert.equal((await slow).status, 200);
  const { code, ms } = await exitAfter(c, t0);
  assert.equal(code, 0);
  assert.ok(ms >= 1000 && ms < 3000, `exited after ${Math.round(ms)}ms`);
});

test('watches are ended after the drain; with a grace period they get that long at most', async () => {
  const c = await spawnChild({ 'shutdown-watch-termination-grace-period': 5000 }, { slowApi: true });
  const watch = openWatch(c);
  await sleep(150);
  const t0 = performance.now();
  c.kill('SIGTERM');
  const endedAt = await watch.ended;
  assert.ok(endedAt - t0 < 1000, 'a watch that honours its signal ends promptly');
  const { code, ms } = await exitAfter(c, t0);
  assert.equal(code, 0);
  assert.ok(ms < 2000, `exited after ${Math.round(ms)}ms`);
});

test('a watch that ignores its signal is cut when the grace period ends, or at once without one', async () => {
  const graced = await spawnChild({ 'shutdown-watch-termination-grace-period': 700 }, { slowApi: true });
  const w1 = openWatch(graced, '&stubborn=true');
  await sleep(150);
  const t0 = performance.now();
  graced.kill('SIGTERM');
  const ended = (await w1.ended) - t0;
  assert.ok(ended >= 650 && ended < 1500, `cut after ${Math.round(ended)}ms`);
  assert.equal(await graced.exited, 0);

  const ungraced = await spawnChild({}, { slowApi: true });
  const w2 = openWatch(ungraced, '&stubborn=true');
  await sleep(150);
  const t1 = performance.now();
  ungraced.kill('SIGTERM');
  assert.ok((await w2.ended) - t1 < 500);
  assert.equal(await ungraced.exited, 0);
});

test('a second signal exits at once', async () => {
  const c = await spawnChild({ 'shutdown-delay-duration': 10_000 });
  c.kill('SIGINT');
  await sleep(100);
  assert.equal((await apiRequest(c, '/readyz')).status, 500);
  c.kill('SIGINT');
  assert.equal(await c.exited, 1);
});

test('--permit-port-sharing lets two processes listen on one port; without it the second fails', async () => {
  const a = await spawnChild({ 'permit-port-sharing': true });
  const b = await spawnChild({ 'permit-port-sharing': true, 'secure-port': a.port });
  assert.equal(b.port, a.port);
  await assert.rejects(spawnTestApiserver({ 'secure-port': a.port }), /failed to listen on 127.0.0.1:\d+: address already in use/);
  a.kill('SIGTERM');
  assert.equal(await a.exited, 0);
  assert.equal((await apiRequest(b, '/readyz')).status, 200, 'the other process still serves the port');
  b.kill('SIGTERM');
  assert.equal(await b.exited, 0);
});
