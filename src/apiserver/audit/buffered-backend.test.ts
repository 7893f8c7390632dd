import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BufferedBackend } from './buffered-backend.ts';
import type { AuditBackend } from './backend.ts';
import type { AuditMetrics } from './metrics.ts';
import type { AuditEvent } from './types.ts';
import { configureLogging } from '../../component-base/logs/klog.ts';

configureLogging({ sink: { write: () => {} } });

function event(i: number): AuditEvent {
  return { kind: 'Event', apiVersion: 'audit.orch.io/v1', level: 'Metadata', auditID: `id-${i}`, stage: 'ResponseComplete', requestURI: '/', verb: 'get', user: {}, requestReceivedTimestamp: '', stageTimestamp: '' };
}

function recorder(): { backend: AuditBackend; batches: string[][]; times: number[] } {
  const batches: string[][] = [];
  const times: number[] = [];
  return {
    batches,
    times,
    backend: {
      processEvents(events) {
        batches.push(events.map((e) => e.auditID));
        times.push(performance.now());
        return true;
      },
      shutdown: async () => {},
    },
  };
}

function metrics(): AuditMetrics & { errors: Record<string, number> } {
  const errors: Record<string, number> = {};
  return { errors, eventSent() {}, policyLevel() {}, requestRejected() {}, pluginError: (plugin, n) => void (errors[plugin] = (errors[plugin] ?? 0) + n) };
}

test('full batches go at once, a partial one after max wait, the rest at shutdown', async () => {
  const r = recorder();
  const b = new BufferedBackend(r.backend, { bufferSize: 100, maxBatchSize: 2, maxBatchWaitMs: 40 }, metrics());
  b.processEvents([event(1), event(2), event(3)]);
  await new Promise((res) => setImmediate(res));
  assert.deepEqual(r.batches, [['id-1', 'id-2']]);
  await new Promise((res) => setTimeout(res, 80));
  assert.deepEqual(r.batches, [['id-1', 'id-2'], ['id-3']]);
  b.processEvents([event(4)]);
  await b.shutdown();
  assert.deepEqual(r.batches.at(-1), ['id-4']);
});

test('a full buffer drops events and counts them; events after shutdown are counted too', async () => {
  const r = recorder();
  const m = metrics();
  const b = new BufferedBackend(r.backend, { bufferSize: 2, maxBatchSize: 10, maxBatchWaitMs: 1000 }, m);
  assert.equal(b.processEvents([event(1), event(2), event(3), event(4)]), true);
  assert.equal(m.errors.buffered, 2);
  await b.shutdown();
  assert.deepEqual(r.batches, [['id-1', 'id-2']]);
  b.processEvents([event(5)]);
  assert.equal(m.errors.buffered, 3);
});

test('throttling spaces batches at qps once the burst is used', async () => {
  const r = recorder();
  const b = new BufferedBackend(r.backend, { bufferSize: 100, maxBatchSize: 1, maxBatchWaitMs: 1000, throttle: { qps: 20, burst: 1 } }, metrics());
  b.processEvents([event(1), event(2), event(3)]);
  const deadline = Date.now() + 2000;
  while (r.batches.length < 3 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 5));
  assert.equal(r.batches.length, 3);
  // 20 per second: about 50 ms apart after the first.
  assert.ok(r.times[2]! - r.times[0]! >= 90, `batches came ${Math.round(r.times[2]! - r.times[0]!)} ms apart`);
  await b.shutdown();
});
