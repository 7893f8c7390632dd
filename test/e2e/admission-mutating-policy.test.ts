// MutatingAdmissionPolicy against the real HTTPS server with the MutatingAdmissionPolicy gate:
// labels added through ApplyConfiguration and JSONPatch mutations, match conditions, parameters
// from a config map, failure policies, reinvocation; without the gate the kinds are not served.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { apiRequest, makeTempDir, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { startAdmissionStack, type AdmissionStack } from '../../src/apiserver/admission/plugins/testing/admission-stack.ts';
import { installMutatingPolicy } from '../support/mutating-policy.ts';

let stack: AdmissionStack<TestApiserver>;
let s: TestApiserver;

async function call(method: string, path: string, body?: unknown, server = s) {
  const r = await apiRequest(server, path, { method, token: server.token, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: r.body.startsWith('{') ? r.json() : r.body };
}

before(async () => {
  // As the daemon serves it: the v1beta1 kinds need --runtime-config as well as the feature gate.
  stack = await startAdmissionStack({ 'data-dir': makeTempDir('orch-map-'), 'runtime-config': { 'admissionregistration.orch.io/v1beta1': 'true' } }, (values, deps) => startTestApiserver(values, deps), {
    featureGates: { enabled: (name) => name === 'MutatingAdmissionPolicy' },
  });
  s = stack.server;
  for (let i = 0; i < 200 && (await call('GET', '/readyz')).status !== 200; i++) await delay(25);
});
after(() => stack?.stop());

const AR = '/apis/admissionregistration.orch.io/v1beta1';
const CM = '/api/v1/namespaces/default/configmaps';
const CONFIGMAPS = { resourceRules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }] };
let seq = 0;
const cm = (labels?: Record<string, string>) => ({ metadata: { name: `cm${++seq}`, ...(labels ? { labels } : {}) }, data: { k: 'v' } });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await delay(10);
}

/** A policy over config maps (spec added to that), with its binding, for the length of the test. */
function policy(t: { after(fn: () => Promise<unknown>): void }, name: string, spec: Record<string, unknown>, binding: Record<string, unknown> = {}) {
  return installMutatingPolicy(t, (method, path, body) => call(method, path, body), stack.registration, name, { matchConstraints: CONFIGMAPS, ...spec }, binding);
}

test('an ApplyConfiguration mutation adds a label; defaults are set', async (t) => {
  const p = await policy(t, 'team-label', {
    mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": "orch"}}}' } }],
  });
  assert.equal(p.spec.failurePolicy, 'Fail');
  assert.equal(p.spec.reinvocationPolicy, 'Never');
  const created = await call('POST', CM, cm({ app: 'x' }));
  assert.equal(created.status, 201);
  assert.deepEqual(created.body.metadata.labels, { app: 'x', team: 'orch' });
  const stored = await call('GET', `${CM}/${created.body.metadata.name}`);
  assert.deepEqual(stored.body.metadata.labels, { app: 'x', team: 'orch' });
});

test('a JSONPatch mutation adds a label, with jsonpatch.escapeKey and a parameter from a config map', async (t) => {
  assert.equal((await call('POST', CM, { metadata: { name: 'patch-params' }, data: { value: 'from-params' } })).status, 201);
  t.after(() => call('DELETE', `${CM}/patch-params`));
  await policy(
    t,
    'patched-label',
    {
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConditions: [{ name: 'not-params', expression: "object.metadata.name != 'patch-params'" }],
      mutations: [
        {
          patchType: 'JSONPatch',
          jsonPatch: {
            expression: `has(object.metadata.labels) ?
              [JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("example.com/patched"), value: params.data.value}] :
              [JSONPatch{op: "add", path: "/metadata/labels", value: {"example.com/patched": params.data.value}}]`,
          },
        },
      ],
    },
    { paramRef: { name: 'patch-params', namespace: 'default', parameterNotFoundAction: 'Deny' } },
  );
  const bare = await call('POST', CM, cm());
  assert.equal(bare.status, 201, JSON.stringify(bare.body));
  assert.deepEqual(bare.body.metadata.labels, { 'example.com/patched': 'from-params' });
  const labelled = await call('POST', CM, cm({ app: 'y' }));
  assert.deepEqual(labelled.body.metadata.labels, { app: 'y', 'example.com/patched': 'from-params' });
});

test('a false match condition skips the policy; a failing mutation follows failurePolicy', async (t) => {
  await policy(t, 'strict', {
    matchConditions: [{ name: 'opted-in', expression: "has(object.metadata.labels) && 'mutate' in object.metadata.labels" }],
    mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{data: {"size": string(object.data.missing.size())}}' } }],
  });
  assert.equal((await call('POST', CM, cm())).status, 201);
  const refused = await call('POST', CM, cm({ mutate: 'yes' }));
  assert.equal(refused.status, 500);
  assert.match(refused.body.message, /policy 'strict' with binding 'strict' denied request: expression .* resulted in error: No such key: missing/);
  const lenient = await call('PUT', `${AR}/mutatingadmissionpolicies/strict`, { ...(await call('GET', `${AR}/mutatingadmissionpolicies/strict`)).body, spec: { ...(await call('GET', `${AR}/mutatingadmissionpolicies/strict`)).body.spec, failurePolicy: 'Ignore' } });
  assert.equal(lenient.status, 200);
  await until(() => stack.registration.mutatingPolicies?.get('strict')?.spec.failurePolicy === 'Ignore');
  assert.equal((await call('POST', CM, cm({ mutate: 'yes' }))).status, 201);
});

test('reinvocationPolicy IfNeeded runs a policy again after a later policy changed the object', async (t) => {
  await policy(t, 'a-observer', {
    reinvocationPolicy: 'IfNeeded',
    mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"saw-b": string(has(object.metadata.labels) && "b" in object.metadata.labels)}}}' } }],
  });
  await policy(t, 'b-writer', { mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"b": "here"}}}' } }] });
  const created = await call('POST', CM, cm());
  assert.deepEqual(created.body.metadata.labels, { 'saw-b': 'true', b: 'here' });
});

test('policies are validated as Kubernetes validates them', async () => {
  const bad = await call('POST', `${AR}/mutatingadmissionpolicies`, {
    metadata: { name: 'bad' },
    spec: { reinvocationPolicy: 'Always', mutations: [{ patchType: 'Merge' }, { patchType: 'JSONPatch', jsonPatch: { expression: '[' } }, { patchType: 'ApplyConfiguration' }] },
  });
  assert.equal(bad.status, 422);
  for (const want of [
    /spec\.matchConstraints: Required value/,
    /spec\.reinvocationPolicy: Unsupported value: "Always"/,
    /spec\.mutations\[0\]\.patchType: Unsupported value: "Merge"/,
    /spec\.mutations\[1\]\.jsonPatch\.expression: Invalid value: "\[": compilation failed/,
    /spec\.mutations\[2\]\.applyConfiguration\.expression: Required value/,
  ]) assert.match(bad.body.message, want);
  const badBinding = await call('POST', `${AR}/mutatingadmissionpolicybindings`, { metadata: { name: 'bad' }, spec: {} });
  assert.equal(badBinding.status, 422);
  assert.match(badBinding.body.message, /spec\.policyName: Required value/);
});

test('without the MutatingAdmissionPolicy gate the kinds are not served', async () => {
  // The version is switched on, so only the gate keeps the kinds away.
  const other = await startAdmissionStack({ 'data-dir': makeTempDir('orch-map-off-'), 'runtime-config': { 'admissionregistration.orch.io/v1beta1': 'true' } }, (values, deps) => startTestApiserver(values, deps));
  try {
    assert.equal((await call('GET', `${AR}/mutatingadmissionpolicies`, undefined, other.server)).status, 404);
    const discovery = await call('GET', '/apis/admissionregistration.orch.io', undefined, other.server);
    assert.deepEqual(discovery.body.versions.map((v: { version: string }) => v.version), ['v1']);
  } finally {
    await other.stop();
  }
  const served = await call('GET', '/apis/admissionregistration.orch.io');
  assert.ok(served.body.versions.some((v: { version: string }) => v.version === 'v1beta1'));
  assert.equal(served.body.preferredVersion.version, 'v1');
});
