// Limit ranges and quotas with the real kubectl: `kubectl create quota`, `kubectl get quota` and
// `kubectl get limits` print the columns Kubernetes prints, and an invalid quantity is refused
// with Kubernetes' message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';

let s: CoreApiserver;
let k: Kubectl;
before(async () => {
  if (skip) return;
  s = await startCoreApiserver();
  k = kubectlFor(s);
});
after(async () => {
  if (skip) return;
  k.close();
  await s.stop();
});

test('kubectl create quota, then get quota shows REQUEST and LIMIT from the status', { skip }, async () => {
  const created = await k.run(['create', 'quota', 'team', '--hard=pods=4,requests.cpu=1,limits.memory=2Gi']);
  assert.equal(created.code, 0, created.stderr);
  assert.equal(created.stdout.trim(), 'resourcequota/team created');
  const status = { status: { hard: { pods: '4', 'requests.cpu': '1', 'limits.memory': '2Gi' }, used: { pods: '1', 'requests.cpu': '250m', 'limits.memory': '512Mi' } } };
  const patched = await s.call('PATCH', '/api/v1/namespaces/default/resourcequotas/team/status', status, { 'content-type': 'application/merge-patch+json' });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  const got = await k.run(['get', 'quota']);
  assert.equal(got.code, 0, got.stderr);
  const [header, row] = got.stdout.trimEnd().split('\n');
  assert.match(header!, /^NAME\s+AGE\s+REQUEST\s+LIMIT$/);
  assert.match(row!, /^team\s+\S+\s+pods: 1\/4, requests\.cpu: 250m\/1\s+limits\.memory: 512Mi\/2Gi$/);
});

test('kubectl get limits shows NAME and CREATED AT; a bad quantity is refused', { skip }, async () => {
  const file = k.file('limits.yaml', 'apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: defaults\nspec:\n  limits:\n  - type: Container\n    default:\n      cpu: 500m\n');
  const applied = await k.run(['apply', '-f', file]);
  assert.equal(applied.code, 0, applied.stderr);
  const got = await k.run(['get', 'limits']);
  assert.equal(got.code, 0, got.stderr);
  const [header, row] = got.stdout.trimEnd().split('\n');
  assert.match(header!, /^NAME\s+CREATED AT$/);
  assert.match(row!, /^defaults\s+\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  const yaml = await k.run(['get', 'limitrange', 'defaults', '-o', 'jsonpath={.spec.limits[0].defaultRequest.cpu}']);
  assert.equal(yaml.stdout, '500m');
  const bad = k.file('bad.yaml', 'apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: bad\nspec:\n  hard:\n    pods: "1.5"\n');
  const refused = await k.run(['create', '-f', bad]);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /spec\.hard\[pods\]: Invalid value: .*: must be an integer/);
});
