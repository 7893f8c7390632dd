// Core v1 events (/api/v1 .../events) over protobuf with the real kubectl against the real server:
// `kubectl events` reads them through client-go's protobuf client (lists and watches), and the
// commands that ask for JSON or Tables keep working beside it. Every kubectl call runs with -v=8,
// so the test checks the media type the server answered to each events request kubectl made.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpsRequest } from 'node:https';
import { spawn } from 'node:child_process';
import { parse as parseYaml } from 'yaml';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { KUBECTL, kubectlFor, kubectlSkip, type Kubectl, type KubectlResult } from '../support/kubectl.ts';
import { decodeProtobuf } from '../../src/machinery/codecs/protobuf.ts';

const skip = kubectlSkip;
const kubectlAccept = 'application/vnd.kubernetes.protobuf, application/json';
const protobufType = 'application/vnd.kubernetes.protobuf';

let server: CoreApiserver;
let kubectl: Kubectl;

before(async () => {
  if (skip) return;
  server = await startCoreApiserver();
  kubectl = kubectlFor(server);
});
after(async () => {
  if (skip) return;
  kubectl.close();
  await server.stop();
});

const pulled = `apiVersion: v1
kind: Event
metadata: {name: web.pulled, namespace: default}
involvedObject: {kind: Pod, namespace: default, name: web, uid: 0c8a4a8e-0000-4000-8000-000000000001, apiVersion: v1, fieldPath: "spec.containers{app}"}
reason: Pulled
message: image pulled in 1.2s
source: {component: kubelet, host: node-1}
firstTimestamp: "2026-11-22T05:00:00Z"
lastTimestamp: "2026-11-22T05:00:03Z"
count: 3
type: Normal
eventTime: "2026-11-22T05:00:00.123456Z"
series: {count: 2, lastObservedTime: "2026-11-22T05:00:03.000007Z"}
action: Pull
related: {kind: Node, name: node-1, apiVersion: v1}
reportingComponent: kubelet
reportingInstance: node-1
`;

// A core Event as old recorders write it: no eventTime, no series, no reporting fields.
const legacy = `apiVersion: v1
kind: Event
metadata: {name: web.killing, namespace: default}
involvedObject: {kind: Pod, namespace: default, name: web, apiVersion: v1}
reason: Killing
message: stopping container app
source: {component: kubelet}
firstTimestamp: "2026-11-22T05:01:00Z"
lastTimestamp: "2026-11-22T05:01:00Z"
count: 1
type: Warning
`;

/** Runs kubectl at -v=8; returns the result and the Content-Type answered to each events request. */
async function kubectlTraced(args: string[]): Promise<KubectlResult & { eventsRequests: { accept: string; contentType: string }[] }> {
  const r = await kubectl.run([...args, '-v=8']);
  const eventsRequests: { accept: string; contentType: string }[] = [];
  let current: { accept: string; contentType: string } | undefined;
  let responded = false;
  for (const line of r.stderr.split('\n')) {
    const req = /round_trippers\.go:\d+\] (GET|POST|PUT|PATCH|DELETE) (\S+)/.exec(line);
    if (req) {
      responded = false;
      current = /\/events$/.test(new URL(req[2]!).pathname.replace(/\/events\/[^/]+$/, '/events')) ? { accept: '', contentType: '' } : undefined;
      if (current) eventsRequests.push(current);
      continue;
    }
    if (!current) continue;
    if (/Response Status:/.test(line)) responded = true;
    const header = /\]\s+(Accept|Content-Type): (.*)$/.exec(line);
    if (!header) continue;
    if (!responded && header[1] === 'Accept') current.accept = header[2]!.trim();
    if (responded && header[1] === 'Content-Type') current.contentType = header[2]!.trim();
  }
  return { ...r, eventsRequests };
}

/** A GET whose body is kept as bytes. */
function rawGet(path: string, accept: string): Promise<{ status: number; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      new URL(path, server.url),
      { headers: { accept, authorization: `Bearer ${server.token}` }, ca: readFileSync(server.caFile), agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('kubectl create -f makes core Events, microsecond eventTime and unset times alike', { skip }, async () => {
  for (const [name, manifest] of [['pulled', pulled], ['legacy', legacy]] as const) {
    const r = await kubectlTraced(['create', '-f', kubectl.file(`${name}.yaml`, manifest)]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^event\/web\.(pulled|killing) created$/m);
    assert.ok(r.eventsRequests.length > 0, 'kubectl posted to the core events path');
  }
  const dup = await kubectl.run(['create', '-f', kubectl.file('dup.yaml', pulled)]);
  assert.notEqual(dup.code, 0);
  assert.match(dup.stderr, /AlreadyExists|already exists/);
});

test("the server answers kubectl's Accept header with protobuf, core field numbers and all", { skip }, async () => {
  const one = await rawGet('/api/v1/namespaces/default/events/web.pulled', kubectlAccept);
  assert.equal(one.status, 200);
  assert.equal(one.contentType, protobufType);
  assert.deepEqual([...one.body.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00]);
  const ev = decodeProtobuf(one.body) as Record<string, any>;
  assert.equal(ev.apiVersion, 'v1');
  assert.equal(ev.kind, 'Event');
  assert.equal(ev.involvedObject.fieldPath, 'spec.containers{app}');
  assert.equal(ev.message, 'image pulled in 1.2s');
  assert.equal(ev.eventTime, '2026-11-22T05:00:00.123456Z');
  assert.deepEqual(ev.series, { count: 2, lastObservedTime: '2026-11-22T05:00:03.000007Z' });
  assert.equal(ev.reportingComponent, 'kubelet');

  const legacyEv = decodeProtobuf((await rawGet('/api/v1/namespaces/default/events/web.killing', kubectlAccept)).body) as Record<string, any>;
  assert.equal(legacyEv.eventTime, null);
  assert.equal(legacyEv.series, undefined);

  const list = await rawGet('/api/v1/events', kubectlAccept);
  assert.equal(list.contentType, protobufType);
  const decoded = decodeProtobuf(list.body) as Record<string, any>;
  assert.equal(decoded.kind, 'EventList');
  assert.deepEqual(decoded.items.map((i: any) => i.metadata.name).sort(), ['web.killing', 'web.pulled']);

  // JSON is still what a JSON-only client gets; a missing event is a NotFound Status, in protobuf
  // as kubectl's Accept header puts it first.
  assert.equal((await rawGet('/api/v1/namespaces/default/events/web.pulled', 'application/json')).contentType, 'application/json');
  const missing = await rawGet('/api/v1/namespaces/default/events/nope', kubectlAccept);
  assert.equal(missing.status, 404);
  assert.equal(missing.contentType, protobufType);
  assert.equal(decodeProtobuf(missing.body).reason, 'NotFound');
});

test('kubectl events decodes the protobuf list: reason, object, count and message in their columns', { skip }, async () => {
  const r = await kubectlTraced(['events']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.eventsRequests.some((e) => e.accept.includes(protobufType) && e.contentType === protobufType), JSON.stringify(r.eventsRequests));
  assert.match(r.stdout, /^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/m);
  // With a series, kubectl counts occurrences by series.count (2), not count (3).
  assert.match(r.stdout, /\(x2 over [^)]+\)\s+Normal\s+Pulled\s+Pod\/web\s+image pulled in 1\.2s$/m);
  assert.match(r.stdout, /\s+Warning\s+Killing\s+Pod\/web\s+stopping container app$/m);

  // --for needs the involved object's resource, which this server does not serve (no pods).
  const warnings = await kubectlTraced(['events', '-A', '--types', 'Warning']);
  assert.equal(warnings.code, 0, warnings.stderr.slice(-2000));
  assert.ok(warnings.eventsRequests.some((e) => e.contentType === protobufType), JSON.stringify(warnings.eventsRequests));
  assert.doesNotMatch(warnings.stdout, /Pulled/);
  assert.match(warnings.stdout, /^default\s+\S+\s+Warning\s+Killing\s+Pod\/web\s+stopping container app$/m);
});

test('kubectl events -o yaml prints every core field read from protobuf, null times included', { skip }, async () => {
  const r = await kubectlTraced(['events', '-o', 'yaml']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.eventsRequests.every((e) => !e.accept.includes(protobufType) || e.contentType === protobufType), JSON.stringify(r.eventsRequests));
  const items = (parseYaml(r.stdout) as { items: Record<string, any>[] }).items;
  const got = items.find((i) => i.metadata.name === 'web.pulled')!;
  assert.deepEqual(got.involvedObject, { kind: 'Pod', namespace: 'default', name: 'web', uid: '0c8a4a8e-0000-4000-8000-000000000001', apiVersion: 'v1', fieldPath: 'spec.containers{app}' });
  assert.deepEqual(got.source, { component: 'kubelet', host: 'node-1' });
  assert.equal(got.firstTimestamp, '2026-11-22T05:00:00Z');
  assert.equal(got.lastTimestamp, '2026-11-22T05:00:03Z');
  assert.equal(got.count, 3);
  assert.equal(got.type, 'Normal');
  assert.equal(got.eventTime, '2026-11-22T05:00:00.123456Z');
  assert.deepEqual(got.series, { count: 2, lastObservedTime: '2026-11-22T05:00:03.000007Z' });
  assert.equal(got.action, 'Pull');
  assert.deepEqual(got.related, { kind: 'Node', name: 'node-1', apiVersion: 'v1' });
  assert.equal(got.reportingComponent, 'kubelet');
  assert.equal(got.reportingInstance, 'node-1');
  const old = items.find((i) => i.metadata.name === 'web.killing')!;
  assert.equal(old.eventTime, null);
  assert.equal(old.reportingComponent, '');
  assert.equal(old.series, undefined);
});

test('kubectl get events -A and -o yaml keep working beside protobuf', { skip }, async () => {
  const table = await kubectlTraced(['get', 'events', '-A']);
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /^NAMESPACE\s+LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/m);
  assert.match(table.stdout, /^default\s+\S+\s+Normal\s+Pulled\s+pod\/web\s+image pulled in 1\.2s$/m);
  for (const e of table.eventsRequests) if (e.accept.startsWith(protobufType)) assert.equal(e.contentType, protobufType);

  const yaml = await kubectlTraced(['get', 'events', '-o', 'yaml']);
  assert.equal(yaml.code, 0, yaml.stderr);
  for (const e of yaml.eventsRequests) if (e.accept.startsWith(protobufType)) assert.equal(e.contentType, protobufType);
  const items = (parseYaml(yaml.stdout) as { items: Record<string, any>[] }).items;
  assert.equal(items.find((i) => i.metadata.name === 'web.pulled')!.eventTime, '2026-11-22T05:00:00.123456Z');
  assert.equal(items.find((i) => i.metadata.name === 'web.killing')!.eventTime, null);
});

test('kubectl events --watch streams a new core Event through protobuf watch frames', { skip }, async () => {
  const child = spawn(KUBECTL, ['--kubeconfig', join(kubectl.dir, 'config'), 'events', '--watch', '-v=8'], { env: { ...process.env, HOME: kubectl.dir } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitFor = async (what: string, ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(ok(), `${what}\nstdout: ${stdout}\nstderr: ${stderr.slice(-2000)}`);
  };
  try {
    await waitFor('the watch started', () => /GET \S+\/events\?\S*watch=true/.test(stderr));
    const created = await server.call('POST', '/api/v1/namespaces/default/events', {
      metadata: { name: 'web.started' },
      involvedObject: { kind: 'Pod', namespace: 'default', name: 'web', apiVersion: 'v1' },
      reason: 'Started',
      message: 'started container app',
      source: { component: 'kubelet' },
      firstTimestamp: '2026-11-22T05:02:00Z',
      lastTimestamp: '2026-11-22T05:02:00Z',
      count: 1,
      type: 'Normal',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await waitFor('the new event was printed', () => /Normal\s+Started\s+Pod\/web\s+started container app/.test(stdout));
    const watchResponse = stderr.slice(stderr.search(/GET \S+\/events\?\S*watch=true/));
    assert.match(watchResponse, /Content-Type: application\/vnd\.kubernetes\.protobuf;stream=watch/);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
});
