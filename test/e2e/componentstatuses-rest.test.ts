// core/v1 componentstatuses over raw HTTP and with the real kubectl: computed from the server's
// own health (the SQLite store as sqlite-0; the controller manager and scheduler, not probed, as
// Unknown), get and list only (writes and watch refused), the table kubectl prints, and the deprecation warning.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { KUBECTL, kubectlSkip, writeKubeconfig } from '../support/kubectl.ts';
import { makeTempDir } from '../support/apiserver.ts';

let s: CoreApiserver;
let kubeconfig: string;
before(async () => {
  s = await startCoreApiserver();
  kubeconfig = writeKubeconfig(makeTempDir('orch-cs-kubectl-'), { server: s.url, caFile: s.caFile, users: [{ name: 'admin', token: s.token }] });
});
after(() => s.stop());

const CS = '/api/v1/componentstatuses';
const WARNING = '299 - "v1 ComponentStatus is deprecated in v1.19+"';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' };

function warnings(h: Record<string, unknown>): string[] {
  const w = h['warning'];
  return w === undefined ? [] : Array.isArray(w) ? w.map(String) : [String(w)];
}

test('list answers the store and the unprobed components, with the deprecation warning', async () => {
  const r = await s.call('GET', CS);
  assert.equal(r.status, 200);
  assert.equal(r.body.kind, 'ComponentStatusList');
  assert.deepEqual(warnings(r.headers), [WARNING]);
  const byName = Object.fromEntries(r.body.items.map((i: { metadata: { name: string }; conditions: unknown[] }) => [i.metadata.name, i.conditions]));
  assert.deepEqual(Object.keys(byName).sort(), ['controller-manager', 'scheduler', 'sqlite-0']);
  assert.deepEqual(byName['sqlite-0'], [{ type: 'Healthy', status: 'True', message: 'ok' }]);
  assert.equal((byName['scheduler'] as Array<{ status: string }>)[0]!.status, 'Unknown');
  const selected = await s.call('GET', `${CS}?fieldSelector=metadata.name%3Dsqlite-0`);
  assert.deepEqual(selected.body.items.map((i: { metadata: { name: string } }) => i.metadata.name), ['sqlite-0']);
});

test('get answers one component; an unknown name is 404', async () => {
  const r = await s.call('GET', `${CS}/sqlite-0`);
  assert.equal(r.status, 200);
  assert.equal(r.body.kind, 'ComponentStatus');
  assert.equal(r.body.apiVersion, 'v1');
  assert.deepEqual(warnings(r.headers), [WARNING]);
  const missing = await s.call('GET', `${CS}/etcd-7`);
  assert.equal(missing.status, 404);
  assert.equal(missing.body.reason, 'NotFound');
});

test('the table has NAME, STATUS, MESSAGE and ERROR', async () => {
  const r = await s.call('GET', CS, undefined, TABLE);
  assert.equal(r.body.kind, 'Table');
  assert.deepEqual(r.body.columnDefinitions.map((c: { name: string }) => c.name), ['Name', 'Status', 'Message', 'Error']);
  const rows = Object.fromEntries(r.body.rows.map((row: { cells: unknown[] }) => [row.cells[0], row.cells.slice(1)]));
  assert.deepEqual(rows['sqlite-0'], ['Healthy', 'ok', '']);
  assert.equal((rows['controller-manager'] as string[])[0], 'Unhealthy');
});

test('writes and watches are refused', async () => {
  const body = { apiVersion: 'v1', kind: 'ComponentStatus', metadata: { name: 'x' } };
  assert.equal((await s.call('POST', CS, body)).status, 405);
  assert.equal((await s.call('PUT', `${CS}/sqlite-0`, body)).status, 405);
  assert.equal((await s.call('DELETE', `${CS}/sqlite-0`)).status, 405);
  assert.equal((await s.call('PATCH', `${CS}/sqlite-0`, '{}', { 'content-type': 'application/merge-patch+json' })).status, 405);
  assert.equal((await s.call('GET', `${CS}?watch=true`)).status, 405);
});

function kubectl(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(KUBECTL, ['--kubeconfig', kubeconfig, ...args], { timeout: 20_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

test('kubectl get cs prints the components and the deprecation warning', { skip: kubectlSkip }, async () => {
  const r = await kubectl(['get', 'cs']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /Warning: v1 ComponentStatus is deprecated in v1\.19\+/);
  assert.match(r.stdout, /^NAME\s+STATUS\s+MESSAGE\s+ERROR\n/);
  assert.match(r.stdout, /\nsqlite-0\s+Healthy\s+ok\s*\n/);
  assert.match(r.stdout, /\nscheduler\s+Unhealthy\s+not probed/);
});
