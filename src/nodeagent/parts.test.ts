import { test } from 'node:test';
import assert from 'node:assert/strict';
import { containerScript } from './container-script.ts';
import { imageID, needsPull, normalizeImage } from './images.ts';
import { parseLogQuery, selectLines, formatLine } from './log-query.ts';
import { PodAddressPool, podCIDRFor } from './pod-ips.ts';
import { nextRestartDelayMs } from './restart-backoff.ts';

test('image references are completed as a runtime reports them', () => {
  assert.equal(normalizeImage('nginx'), 'docker.io/library/nginx:latest');
  assert.equal(normalizeImage('nginx:1.27'), 'docker.io/library/nginx:1.27');
  assert.equal(normalizeImage('bitnami/redis'), 'docker.io/bitnami/redis:latest');
  assert.equal(normalizeImage('registry.example.com:5000/shop/web:2.1'), 'registry.example.com:5000/shop/web:2.1');
  assert.equal(normalizeImage('localhost/app'), 'localhost/app:latest');
  assert.equal(imageID('nginx'), imageID('docker.io/library/nginx:latest'));
  assert.match(imageID('nginx:1.27'), /^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/);
  assert.deepEqual([needsPull('Always', true), needsPull('IfNotPresent', true), needsPull('IfNotPresent', false), needsPull('Never', false)], [true, false, true, false]);
});

test('pod addresses come from the node\'s /24, lowest free first, and come back', () => {
  const pool = new PodAddressPool(podCIDRFor(7));
  assert.equal(pool.cidr, '10.244.7.0/24');
  assert.equal(pool.allocate(), '10.244.7.2');
  assert.equal(pool.allocate(), '10.244.7.3');
  pool.release('10.244.7.2');
  assert.equal(pool.allocate(), '10.244.7.2');
  assert.equal(pool.reserve('10.244.7.9'), true);
  assert.equal(pool.reserve('10.1.2.3'), false);
  let n = 0;
  while (pool.allocate()) n++;
  assert.equal(n, 253 - 3, 'addresses .2 to .254, less the three taken');
  assert.throws(() => new PodAddressPool('10.244.0.0/16'), /not a \/24/);
});

test('annotations script a container, a container-specific key first', () => {
  const pod = { metadata: { annotations: { 'nodeagent.orch.io/exit-code': '2', 'nodeagent.orch.io/run-seconds.init': '0.25', 'nodeagent.orch.io/stop-seconds': '3' } }, spec: { restartPolicy: 'Always', containers: [] } };
  assert.deepEqual(containerScript(pod, 'web', 'app', 1000), { runMs: undefined, exitCode: 2, stopMs: 3000 });
  assert.deepEqual(containerScript(pod, 'init', 'init', 1000), { runMs: 250, exitCode: 2, stopMs: 3000 });
  assert.deepEqual(containerScript({ metadata: {}, spec: { restartPolicy: 'Never', containers: [] } }, 'web', 'app', 1000), { runMs: 1000, exitCode: 0, stopMs: 0 });
  assert.equal(containerScript({ metadata: { annotations: { 'nodeagent.orch.io/exit-code': 'x' } }, spec: { containers: [] } }, 'web', 'app', 1000).exitCode, 0);
});

test('restarts: at once, then 10 s doubling to 5 minutes, at once again after a long run', () => {
  const waits: number[] = [];
  let previous: number | undefined;
  for (let i = 0; i < 8; i++) waits.push((previous = nextRestartDelayMs(previous, 1000)));
  assert.deepEqual(waits, [0, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
  assert.equal(nextRestartDelayMs(300_000, 600_000), 0);
});

test('log queries select by time, tail and format timestamps with nanoseconds', () => {
  const lines = [{ at: 1000, text: 'a' }, { at: 2000, text: 'b' }, { at: 3000, text: 'c' }];
  const q = parseLogQuery(new URLSearchParams('tailLines=2&timestamps=true'), 4000);
  assert.deepEqual(selectLines(lines, q).map((l) => l.text), ['b', 'c']);
  assert.deepEqual(selectLines(lines, parseLogQuery(new URLSearchParams('sinceSeconds=2'), 4000)).map((l) => l.text), ['b', 'c']);
  assert.deepEqual(selectLines(lines, parseLogQuery(new URLSearchParams('sinceTime=1970-01-01T00:00:03Z'), 4000)).map((l) => l.text), ['c']);
  assert.equal(formatLine(lines[0]!, true), '1970-01-01T00:00:01.000000000Z a\n');
  assert.throws(() => parseLogQuery(new URLSearchParams('tailLines=x'), 0), /invalid tailLines/);
});
