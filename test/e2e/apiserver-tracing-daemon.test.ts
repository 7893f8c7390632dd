// Tracing in bin/orch-apiserver as users run it: bundled, with the OpenTelemetry API inside the
// bundle and the SDK loaded from node_modules when --tracing-config-file asks for it. A trusted
// request's span reaches an OTLP receiver under the trace and parent of its traceparent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:https';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startOrchApiserver, type OrchDaemon } from '../support/orch-daemon.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../src/apiserver/tracing/testing/otlp-receiver.ts';

const TRACE_ID = '5bf92f3577b34da6a3ce929d0e0e4737';
let receiver: OtlpReceiver;
let daemon: OrchDaemon;
let dir: string;

before(async () => {
  receiver = await startOtlpReceiver();
  dir = mkdtempSync(join(tmpdir(), 'orch-tracing-daemon-'));
  const config = join(dir, 'tracing.yaml');
  writeFileSync(config, `apiVersion: apiserver.config.orch.io/v1\nkind: TracingConfiguration\nendpoint: ${receiver.endpoint}\nsamplingRatePerMillion: 0\n`);
  daemon = await startOrchApiserver([`--tracing-config-file=${config}`]);
});

after(async () => {
  await daemon?.stop();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("an admin's request is exported under its traceparent's trace, as the span's parent", async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(`${daemon.target.url}/api/v1/namespaces/default/configmaps`, {
      ca: daemon.target.ca,
      headers: { authorization: `Bearer ${daemon.target.token}`, traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
  assert.equal(status, 200);
  let spans = receiver.spans.filter((s) => s.traceId === TRACE_ID);
  for (let i = 0; i < 200 && spans.length === 0; i++) {
    await delay(25);
    spans = receiver.spans.filter((s) => s.traceId === TRACE_ID);
  }
  const span = spans.find((s) => s.name === 'GET /api/v1/namespaces/{:namespace}/configmaps');
  assert.ok(span, JSON.stringify(receiver.spans.map((s) => [s.name, s.traceId])));
  assert.equal(span.parentSpanId, '00f067aa0ba902b7');
  assert.equal(span.attributes['verb'], 'list');
  assert.equal(span.attributes['http.status_code'], 200);
});
