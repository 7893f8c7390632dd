import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../../machinery/status.ts';
import type { NamespaceAccess, NamespaceObject } from '../../namespace-access.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { podSecurity, type AdmissionReport } from './plugin.ts';

function namespaces(labels: Record<string, Record<string, string>>): NamespaceAccess {
  const get = async (name: string): Promise<NamespaceObject | undefined> => (labels[name] ? { metadata: { name, labels: labels[name] } } : undefined);
  return { get, cached: get, create: async () => undefined };
}

function collector(): AdmissionReport & { warnings: string[]; annotations: Record<string, string> } {
  const warnings: string[] = [];
  const annotations: Record<string, string> = {};
  return { warnings, annotations, warning: (w) => warnings.push(w), auditAnnotation: (k, v) => (annotations[k] = v) };
}

const privilegedPod = (name = 'p') => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'team' },
  spec: { containers: [{ name: 'c', image: 'busybox', securityContext: { privileged: true } }] },
});

function podAttrs(over: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  return {
    operation: 'CREATE',
    resource: { group: '', version: 'v1', resource: 'pods' },
    subresource: '',
    kind: { group: '', version: 'v1', kind: 'Pod' },
    namespace: 'team',
    name: 'p',
    object: privilegedPod(),
    dryRun: false,
    userInfo: { name: 'alice', uid: '', groups: [] },
    ...over,
  };
}

const RESTRICTED_MESSAGE =
  'pods "p" is forbidden: violates PodSecurity "restricted:latest": privileged (container "c" must not set securityContext.privileged=true), ' +
  'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';

test('enforce=restricted refuses a privileged pod with Kubernetes 403 and records the policy', async () => {
  const report = collector();
  const plugin = podSecurity({ namespaces: namespaces({ team: { 'pod-security.orch.io/enforce': 'restricted' } }), report }, undefined);
  await assert.rejects(async () => plugin.validate!(podAttrs()), (err: unknown) => {
    assert.ok(isStatusError(err));
    assert.equal(err.code, 403);
    assert.equal(err.status.reason, 'Forbidden');
    assert.equal(err.message, RESTRICTED_MESSAGE);
    return true;
  });
  assert.deepEqual(report.annotations, { 'pod-security.orch.io/enforce-policy': 'restricted:latest' });
  assert.deepEqual(report.warnings, []);
});

test('warn and audit let the pod through with a warning and an audit annotation', async () => {
  const report = collector();
  const labels = { 'pod-security.orch.io/warn': 'baseline', 'pod-security.orch.io/audit': 'baseline', 'pod-security.orch.io/audit-version': 'v1.30' };
  const plugin = podSecurity({ namespaces: namespaces({ team: labels }), report }, undefined);
  await plugin.validate!(podAttrs());
  assert.deepEqual(report.warnings, ['would violate PodSecurity "baseline:latest": privileged (container "c" must not set securityContext.privileged=true)']);
  assert.deepEqual(report.annotations, {
    'pod-security.orch.io/enforce-policy': 'privileged:latest',
    'pod-security.orch.io/audit-violations': 'would violate PodSecurity "baseline:v1.30": privileged (container "c" must not set securityContext.privileged=true)',
  });
});

test('a fully privileged namespace, status writes and unchanged images are not evaluated', async () => {
  const report = collector();
  const plugin = podSecurity({ namespaces: namespaces({ team: {}, strict: { 'pod-security.orch.io/enforce': 'restricted' } }), report }, undefined);
  await plugin.validate!(podAttrs());
  await plugin.validate!(podAttrs({ namespace: 'strict', subresource: 'status', operation: 'UPDATE' }));
  const pod = { ...privilegedPod(), metadata: { name: 'p', namespace: 'strict', labels: { changed: 'yes' } } };
  await plugin.validate!(podAttrs({ namespace: 'strict', operation: 'UPDATE', object: pod, oldObject: privilegedPod() }));
  assert.deepEqual(report.annotations, {});
});

test('exempt usernames, namespaces and runtime classes, as the configuration names them', async () => {
  const config = {
    apiVersion: 'pod-security.admission.config.orch.io/v1',
    kind: 'PodSecurityConfiguration',
    defaults: { enforce: 'restricted' },
    exemptions: { usernames: ['ci'], namespaces: ['infra'], runtimeClasses: ['sandboxed'] },
  };
  const ns = namespaces({ team: {}, infra: {} });
  const run = async (over: Partial<AdmissionAttributes>) => {
    const report = collector();
    await podSecurity({ namespaces: ns, report }, config).validate!(podAttrs(over));
    return report.annotations['pod-security.orch.io/exempt'];
  };
  assert.equal(await run({ userInfo: { name: 'ci', uid: '', groups: [] } }), 'user');
  assert.equal(await run({ namespace: 'infra' }), 'namespace');
  const sandboxed = privilegedPod();
  (sandboxed.spec as Record<string, unknown>)['runtimeClassName'] = 'sandboxed';
  assert.equal(await run({ object: sandboxed }), 'runtimeClass');
  // The configured default (restricted) applies to namespaces without labels.
  await assert.rejects(async () => run({}), /violates PodSecurity "restricted:latest"/);
});

test('bad configuration is refused with Kubernetes field errors', () => {
  const config = (body: object) => ({ apiVersion: 'pod-security.admission.config.orch.io/v1', kind: 'PodSecurityConfiguration', ...body });
  assert.throws(
    () => podSecurity({ namespaces: namespaces({}) }, config({ defaults: { enforce: 'strict', 'audit-version': 'v2' }, exemptions: { usernames: ['a', 'a', ''] } })),
    {
      message:
        '[defaults.enforce: Invalid value: "strict": must be one of privileged, baseline, restricted, defaults.audit-version: Invalid value: "v2": must be "latest" or "v1.x", ' +
        'exemptions.usernames[1]: Duplicate value: "a", exemptions.usernames[2]: Required value]',
    },
  );
  assert.throws(() => podSecurity({ namespaces: namespaces({}) }, { apiVersion: 'v1', kind: 'Pod' }), /expected kind PodSecurityConfiguration of pod-security.admission.config.orch.io\/v1/);
});

test('workload templates get warnings but are never refused', async () => {
  const report = collector();
  const plugin = podSecurity({ namespaces: namespaces({ team: { 'pod-security.orch.io/enforce': 'restricted', 'pod-security.orch.io/warn': 'baseline' } }), report }, undefined);
  const rc = { metadata: { name: 'rc', namespace: 'team' }, spec: { template: { metadata: {}, spec: privilegedPod().spec } } };
  await plugin.validate!(podAttrs({ resource: { group: '', version: 'v1', resource: 'replicationcontrollers' }, kind: { group: '', version: 'v1', kind: 'ReplicationController' }, name: 'rc', object: rc }));
  assert.deepEqual(report.warnings, ['would violate PodSecurity "baseline:latest": privileged (container "c" must not set securityContext.privileged=true)']);
  // A controller without a template is left alone.
  await plugin.validate!(podAttrs({ resource: { group: '', version: 'v1', resource: 'replicationcontrollers' }, object: { metadata: { name: 'rc' }, spec: {} } }));
  assert.equal(report.warnings.length, 1);
});

const nsAttrs = (operation: 'CREATE' | 'UPDATE', labels: Record<string, string>, oldLabels?: Record<string, string>): AdmissionAttributes => ({
  operation,
  resource: { group: '', version: 'v1', resource: 'namespaces' },
  subresource: '',
  kind: { group: '', version: 'v1', kind: 'Namespace' },
  namespace: '',
  name: 'team',
  object: { metadata: { name: 'team', labels } },
  oldObject: oldLabels ? { metadata: { name: 'team', labels: oldLabels } } : undefined,
  dryRun: false,
});

test('namespace labels must be valid; an unchanged bad label may stay', async () => {
  const plugin = podSecurity({ namespaces: namespaces({}) }, undefined);
  await assert.rejects(async () => plugin.validate!(nsAttrs('CREATE', { 'pod-security.orch.io/enforce': 'strict' })), (err: unknown) => {
    assert.ok(isStatusError(err));
    assert.equal(err.code, 422);
    assert.equal(err.message, 'Namespace "team" is invalid: metadata.labels[pod-security.orch.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted');
    return true;
  });
  await plugin.validate!(nsAttrs('UPDATE', { 'pod-security.orch.io/warn-version': 'v2', other: 'x' }, { 'pod-security.orch.io/warn-version': 'v2' }));
});

test('a stricter enforce level warns about the existing pods that violate it', async () => {
  const db = privilegedPod('db');
  (db.spec.containers[0]!.securityContext as Record<string, unknown>)['capabilities'] = { add: ['NET_ADMIN'] };
  const pods = [privilegedPod('web-2'), privilegedPod('web-1'), db, { metadata: { name: 'ok', namespace: 'team' }, spec: { containers: [{ name: 'c' }] } }];
  const objects: StoredObjects = { serves: () => true, get: async () => undefined, list: async (_g, _r, ns) => (ns === 'team' ? (pods as never[]) : []) };
  const report = collector();
  const plugin = podSecurity({ namespaces: namespaces({}), objects: () => objects, report }, undefined);
  await plugin.validate!(nsAttrs('UPDATE', { 'pod-security.orch.io/enforce': 'baseline' }, {}));
  assert.deepEqual(report.warnings, [
    'existing pods in namespace "team" violate the new PodSecurity enforce level "baseline:latest"',
    'db: non-default capabilities, privileged',
    'web-1 (and 1 other pod): privileged',
  ]);
  // Relaxing the level, or keeping it, checks nothing.
  const quiet = collector();
  const relaxed = podSecurity({ namespaces: namespaces({}), objects: () => objects, report: quiet }, undefined);
  await relaxed.validate!(nsAttrs('UPDATE', { 'pod-security.orch.io/enforce': 'baseline' }, { 'pod-security.orch.io/enforce': 'restricted' }));
  assert.deepEqual(quiet.warnings, []);
});

test('an exempt namespace given a policy is told it will be ignored', async () => {
  const config = { apiVersion: 'pod-security.admission.config.orch.io/v1', kind: 'PodSecurityConfiguration', exemptions: { namespaces: ['team'] } };
  const report = collector();
  const plugin = podSecurity({ namespaces: namespaces({}), report }, config);
  await plugin.validate!(nsAttrs('UPDATE', { 'pod-security.orch.io/enforce': 'baseline', 'pod-security.orch.io/warn': 'restricted' }, {}));
  assert.deepEqual(report.warnings, ['namespace "team" is exempt from Pod Security, and the policy (enforce=baseline:latest, warn=restricted:latest) will be ignored']);
});

test('a namespace the cache holds is answered without waiting', () => {
  const held = { metadata: { name: 'team', labels: { 'pod-security.orch.io/enforce': 'restricted' } } };
  const access: NamespaceAccess = { get: async () => held, cached: () => held, create: async () => undefined };
  const plugin = podSecurity({ namespaces: access, report: collector() }, undefined);
  assert.throws(() => plugin.validate!(podAttrs()), /violates PodSecurity "restricted:latest"/);
  const quiet = podSecurity({ namespaces: { ...access, cached: () => ({ metadata: { name: 'team' } }) }, report: collector() }, undefined);
  assert.equal(quiet.validate!(podAttrs()), undefined);
});
