// The real kubectl against the real HTTPS server serving Events: discovery, create, get in every
// output, watch, apply (client-side and server-side with a conflict), patch, replace, delete.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile, spawn } from 'node:child_process';
import { startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { KUBECTL, kubectlSkip as skip, writeKubeconfig } from '../support/kubectl.ts';
import { openEventsStack, type EventsStack } from '../../src/apiserver/endpoints/testing/events-stack.ts';

let stack: EventsStack;
let server: TestApiserver;
let dir: string;
let kubeconfig: string;

before(async () => {
  if (skip) return;
  stack = await openEventsStack();
  server = await startTestApiserver({}, { apiHandler: stack.apiHandler });
  dir = mkdtempSync(join(tmpdir(), 'orch-kubectl-'));
  kubeconfig = writeKubeconfig(dir, { server: server.url, caFile: server.caFile, users: [{ name: 'admin', token: server.token }] });
});
after(async () => {
  if (skip) return;
  await server.stop();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

function kubectl(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(KUBECTL, ['--kubeconfig', kubeconfig, ...args], { timeout: 20_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr: stderr.replace(/^WARNING: version difference.*\n/m, '') });
    });
  });
}

function manifest(name: string, note = 'hello from kubectl', labels: Record<string, string> = {}): string {
  const file = join(dir, `${name}-${Math.random().toString(36).slice(2)}.yaml`);
  // No `labels: {}` when there are none: ObjectMeta.Labels is `,omitempty`, so the server leaves
  // an empty map out and kubectl's next apply would send it again ("configured", as Kubernetes).
  const labelLine = Object.keys(labels).length ? `\n  labels: ${JSON.stringify(labels)}` : '';
  writeFileSync(
    file,
    `apiVersion: events.orch.io/v1
kind: Event
metadata:
  name: ${name}
  namespace: default${labelLine}
eventTime: "2026-11-22T05:00:00.000000Z"
reportingController: orch.io/kubectl
reportingInstance: kubectl-1
action: Create
reason: Created
type: Normal
note: ${JSON.stringify(note)}
regarding: {kind: Pod, namespace: default, name: p1, apiVersion: v1}
`,
  );
  return file;
}

test('api-resources lists events in both groups', { skip }, async () => {
  const r = await kubectl('api-resources');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^events\s+ev\s+v1\s+true\s+Event$/m);
  assert.match(r.stdout, /^events\s+ev\s+events\.orch\.io\/v1\s+true\s+Event$/m);
});

test('explain describes the Event fields', { skip }, async () => {
  const r = await kubectl('explain', 'events', '--api-version=events.orch.io/v1');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /KIND:\s+Event/);
  assert.match(r.stdout, /GROUP:\s+events\.orch\.io\n/);
  assert.match(r.stdout, /VERSION:\s+v1\n/);
  assert.match(r.stdout, /reportingController\s+<string>/);
  const field = await kubectl('explain', 'events.series', '--api-version=events.orch.io/v1');
  assert.match(field.stdout, /lastObservedTime/);
});

test('create with an unknown field is refused (kubectl sends fieldValidation=Strict)', { skip }, async () => {
  const file = manifest('bad1').replace(/$/, '');
  writeFileSync(file, `${readFileSync(file, 'utf8')}colour: blue\n`);
  const r = await kubectl('create', '-f', file);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /unknown field "colour"/);
});

test('create -f, then get as table, wide, yaml and json; kubectl events', { skip }, async () => {
  const c = await kubectl('create', '-f', manifest('k1'));
  assert.equal(c.code, 0, c.stderr);
  assert.equal(c.stdout.trim(), 'event.events.orch.io/k1 created');
  const table = await kubectl('get', 'events');
  assert.match(table.stdout, /^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/m);
  assert.match(table.stdout, /Normal\s+Created\s+pod\/p1\s+hello from kubectl/);
  const wide = await kubectl('get', 'events.events.orch.io', '-o', 'wide');
  assert.match(wide.stdout, /orch\.io\/kubectl, kubectl-1\s+hello from kubectl\s+\S+\s+1\s+k1/);
  const yaml = await kubectl('get', 'events.events.orch.io', 'k1', '-o', 'yaml');
  assert.match(yaml.stdout, /^note: hello from kubectl$/m);
  const json = JSON.parse((await kubectl('get', 'events', 'k1', '-o', 'json')).stdout);
  assert.equal(json.apiVersion, 'v1');
  assert.equal(json.message, 'hello from kubectl');
  const events = await kubectl('events');
  assert.match(events.stdout, /Normal\s+Created\s+Pod\/p1\s+hello from kubectl/);
});

test('get -w --output-watch-events prints ADDED for a new event', { skip }, async () => {
  const child = spawn(KUBECTL, ['--kubeconfig', kubeconfig, 'get', 'events.events.orch.io', '-w', '--output-watch-events', '--field-selector', 'metadata.name=w1']);
  let out = '';
  const seen = new Promise<void>((resolve) => {
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      // kubectl may write a row in more than one piece: wait for the whole of it.
      if (/ADDED\s+\S+\s+Normal\s+Created/.test(out)) resolve();
    });
  });
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal((await kubectl('create', '-f', manifest('w1'))).code, 0);
  await Promise.race([seen, new Promise((r) => setTimeout(r, 10_000))]);
  child.kill();
  assert.match(out, /EVENT\s+LAST SEEN\s+TYPE\s+REASON/);
  assert.match(out, /ADDED\s+\S+\s+Normal\s+Created/);
});

test('apply client-side twice, then server-side with a conflict and with --force-conflicts', { skip }, async () => {
  const file = manifest('a1');
  assert.match((await kubectl('apply', '-f', file)).stdout, /event.events.orch.io\/a1 created/);
  assert.match((await kubectl('apply', '-f', file)).stdout, /event.events.orch.io\/a1 unchanged/);
  const ssa = manifest('s1', 'server side', { tier: 'one' });
  assert.match((await kubectl('apply', '--server-side', '-f', ssa)).stdout, /serverside-applied/);
  const conflict = await kubectl('apply', '--server-side', '--field-manager', 'other', '-f', manifest('s1', 'server side', { tier: 'two' }));
  assert.notEqual(conflict.code, 0);
  assert.match(conflict.stderr, /conflict/i);
  const forced = await kubectl('apply', '--server-side', '--field-manager', 'other', '--force-conflicts', '-f', manifest('s1', 'server side', { tier: 'two' }));
  assert.equal(forced.code, 0, forced.stderr);
  const got = JSON.parse((await kubectl('get', 'events.events.orch.io', 's1', '-o', 'json')).stdout);
  assert.equal(got.metadata.labels.tier, 'two');
});

test('patch merge, json and strategic; replace; immutable fields are refused', { skip }, async () => {
  await kubectl('create', '-f', manifest('p1'));
  assert.equal((await kubectl('patch', 'events.events.orch.io', 'p1', '--type', 'merge', '-p', '{"metadata":{"labels":{"a":"1"}}}')).code, 0);
  assert.equal((await kubectl('patch', 'events.events.orch.io', 'p1', '--type', 'json', '-p', '[{"op":"add","path":"/metadata/labels/b","value":"2"}]')).code, 0);
  assert.equal((await kubectl('patch', 'events.events.orch.io', 'p1', '--type', 'strategic', '-p', '{"metadata":{"labels":{"c":"3"}}}')).code, 0);
  const got = JSON.parse((await kubectl('get', 'events.events.orch.io', 'p1', '-o', 'json')).stdout);
  assert.deepEqual(got.metadata.labels, { a: '1', b: '2', c: '3' });
  const replaced = await kubectl('replace', '-f', manifest('p1', 'hello from kubectl', { replaced: 'yes' }));
  assert.equal(replaced.code, 0, replaced.stderr);
  assert.match(replaced.stdout, /replaced/);
  const immutable = await kubectl('patch', 'events.events.orch.io', 'p1', '--type', 'merge', '-p', '{"note":"changed"}');
  assert.notEqual(immutable.code, 0);
  assert.match(immutable.stderr, /field is immutable/);
});

test('delete one, then delete by label selector', { skip }, async () => {
  await kubectl('create', '-f', manifest('d1', 'x', { group: 'del' }));
  await kubectl('create', '-f', manifest('d2', 'x', { group: 'del' }));
  await kubectl('create', '-f', manifest('d3', 'x', { group: 'keep' }));
  const one = await kubectl('delete', 'events.events.orch.io', 'd1');
  assert.equal(one.stdout.trim(), 'event.events.orch.io "d1" deleted');
  const all = await kubectl('delete', 'events.events.orch.io', '-l', 'group=del');
  assert.equal(all.code, 0, all.stderr);
  assert.match(all.stdout, /"d2" deleted/);
  const left = await kubectl('get', 'events.events.orch.io', '-l', 'group', '-o', 'name');
  assert.equal(left.stdout.trim(), 'event.events.orch.io/d3');
});
