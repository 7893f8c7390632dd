// core/v1 Endpoints over raw HTTP and with the real kubectl: the protocol default, Kubernetes'
// validation messages, the deprecation warning on every request, and the ENDPOINTS column as
// `kubectl get ep` prints it.
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
  kubeconfig = writeKubeconfig(makeTempDir('orch-ep-kubectl-'), { server: s.url, caFile: s.caFile, users: [{ name: 'admin', token: s.token }] });
});
after(() => s.stop());

const EPS = '/api/v1/namespaces/default/endpoints';
const WARNING = '299 - "v1 Endpoints is deprecated in v1.33+; use discovery.orch.io/v1 EndpointSlice"';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json' };

function endpoints(name: string, subsets: unknown[]): object {
  return { apiVersion: 'v1', kind: 'Endpoints', metadata: { name }, subsets };
}

function warnings(h: Record<string, unknown>): string[] {
  const w = h['warning'];
  return w === undefined ? [] : Array.isArray(w) ? w.map(String) : String(w).split(/,\s*(?=299 )/);
}

test('create defaults the protocol to TCP, answers with the deprecation warning, and reads back', async () => {
  const r = await s.call('POST', EPS, endpoints('web', [{ addresses: [{ ip: '10.0.0.1', nodeName: 'node-a', targetRef: { kind: 'Pod', name: 'web-1', namespace: 'default' } }], ports: [{ port: 80 }] }]));
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(warnings(r.headers), [WARNING]);
  assert.deepEqual(r.body.subsets, [{ addresses: [{ ip: '10.0.0.1', nodeName: 'node-a', targetRef: { kind: 'Pod', namespace: 'default', name: 'web-1' } }], ports: [{ port: 80, protocol: 'TCP' }] }]);
  const got = await s.call('GET', `${EPS}/web`);
  assert.equal(got.status, 200);
  assert.deepEqual(warnings(got.headers), [WARNING], 'reads get the warning too');
  const list = await s.call('GET', '/api/v1/endpoints');
  assert.equal(list.body.kind, 'EndpointsList');
  assert.deepEqual(warnings(list.headers), [WARNING]);
});

test('PUT of a missing name creates it, as Kubernetes allows for endpoints', async () => {
  const r = await s.call('PUT', `${EPS}/put-made`, endpoints('put-made', [{ notReadyAddresses: [{ ip: '10.0.0.9' }] }]));
  assert.equal(r.status, 201, JSON.stringify(r.body));
});

test("invalid endpoints are refused with Kubernetes' messages, naming each field", async () => {
  const r = await s.call(
    'POST',
    EPS,
    endpoints('bad', [
      { ports: [{ port: 80 }] },
      {
        addresses: [{ ip: 'not-an-ip' }, { ip: '127.0.0.1' }, { ip: '169.254.1.1' }, { ip: '0.0.0.0' }, { ip: '224.0.0.5' }, { ip: '10.0.0.2', hostname: 'Bad_Host' }],
        ports: [{ port: 0, protocol: 'ICMP' }, { name: 'b', port: 70000 }],
      },
    ]),
  );
  assert.equal(r.status, 422);
  assert.equal(r.body.reason, 'Invalid');
  const causes = (r.body.details.causes as Array<{ field: string; message: string; reason: string }>).map((c) => `${c.field}: ${c.message}`);
  assert.deepEqual(causes, [
    'subsets[0]: Required value: must specify `addresses` or `notReadyAddresses`',
    'subsets[1].addresses[0].ip: Invalid value: "not-an-ip": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    'subsets[1].addresses[1].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
    'subsets[1].addresses[2].ip: Invalid value: "169.254.1.1": may not be in the link-local range (169.254.0.0/16, fe80::/10)',
    'subsets[1].addresses[3].ip: Invalid value: "0.0.0.0": may not be unspecified (0.0.0.0)',
    'subsets[1].addresses[4].ip: Invalid value: "224.0.0.5": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)',
    `subsets[1].addresses[5].hostname: Invalid value: "Bad_Host": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    'subsets[1].ports[0].name: Required value',
    'subsets[1].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
    'subsets[1].ports[0].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"',
    'subsets[1].ports[1].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
  ]);
  assert.deepEqual(warnings(r.headers), [WARNING], 'a refused write still carries the warning');
});

test('the table has NAME, ENDPOINTS and AGE, with three endpoints shown and the rest counted', async () => {
  const many = endpoints('many', [{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] }]);
  assert.equal((await s.call('POST', EPS, many)).status, 201);
  assert.equal((await s.call('POST', EPS, endpoints('empty', []))).status, 201);
  assert.equal((await s.call('POST', EPS, endpoints('v6', [{ addresses: [{ ip: 'fd00::1' }] }]))).status, 201);
  const r = await s.call('GET', EPS, undefined, TABLE);
  assert.equal(r.status, 200);
  assert.equal(r.body.kind, 'Table');
  assert.deepEqual(r.body.columnDefinitions.map((c: { name: string }) => c.name), ['Name', 'Endpoints', 'Age']);
  const cells = Object.fromEntries(r.body.rows.map((row: { cells: unknown[] }) => [row.cells[0], row.cells[1]]));
  assert.equal(cells['many'], '10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 1 more...');
  assert.equal(cells['empty'], '<none>');
  assert.equal(cells['v6'], 'fd00::1');
  assert.equal(cells['web'], '10.0.0.1:80');
});

function kubectl(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(KUBECTL, ['--kubeconfig', kubeconfig, ...args], { timeout: 20_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

test('kubectl get ep prints the table and the deprecation warning', { skip: kubectlSkip }, async () => {
  const r = await kubectl(['get', 'ep', 'web', 'many']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /Warning: v1 Endpoints is deprecated in v1\.33\+; use discovery\.orch\.io\/v1 EndpointSlice/);
  assert.match(r.stdout, /^NAME\s+ENDPOINTS\s+AGE\n/);
  assert.match(r.stdout, /\nweb\s+10\.0\.0\.1:80\s+\d+s\n/);
  assert.match(r.stdout, /\nmany\s+10\.0\.0\.1:80,10\.0\.0\.2:80,10\.0\.0\.1:443 \+ 1 more\.\.\.\s+\d+s\n/);
});
