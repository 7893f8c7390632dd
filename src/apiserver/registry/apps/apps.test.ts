// The apps kinds' strategies at unit level: apps/v1 defaults, each kind's validation causes as
// Kubernetes words them, update rules (immutable selectors, the stateful set's updatable fields,
// the daemon set's template generation), generation bumps and status only through /status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet } from '../../../api/apps/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { deploymentStatusStrategy, deploymentStrategy } from './deployments/strategy.ts';
import { replicaSetStatusStrategy, replicaSetStrategy } from './replicasets/strategy.ts';
import { statefulSetStatusStrategy, statefulSetStrategy } from './statefulsets/strategy.ts';
import { daemonSetStrategy } from './daemonsets/strategy.ts';
import { controllerRevisionsDeclaration } from './controllerrevisions/declaration.ts';
import { deploymentsDeclaration } from './deployments/declaration.ts';

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);
const meta = (name: string) => ({ name, namespace: 'default', generation: 1, resourceVersion: '3' });
const template = (labels: Record<string, string>, spec: Record<string, unknown> = {}) => ({ metadata: { labels }, spec: { containers: [{ name: 'web', image: 'nginx' }], ...spec } });
const selector = (matchLabels: Record<string, string>) => ({ matchLabels });

function deployment(spec: Record<string, unknown>): Deployment {
  return { metadata: meta('web'), spec } as unknown as Deployment;
}

function created<T extends { status?: unknown }>(strategy: { prepareForCreate(o: T): void }, obj: T): T {
  strategy.prepareForCreate(obj);
  return obj;
}

test('deployment defaults: one replica, RollingUpdate 25%/25%, ten revisions, 600 s deadline, pod spec defaults; an empty status', () => {
  const d = created(deploymentStrategy, deployment({ selector: selector({ app: 'web' }), template: template({ app: 'web' }), status: { replicas: 4 } }));
  assert.deepEqual([d.spec!.replicas, d.spec!.strategy, d.spec!.revisionHistoryLimit, d.spec!.progressDeadlineSeconds], [1, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } }, 10, 600]);
  assert.equal(d.spec!.template!.spec!.restartPolicy, 'Always');
  assert.deepEqual(d.status, {});
  assert.deepEqual(deploymentStrategy.validate(d), []);
  const recreate = created(deploymentStrategy, deployment({ replicas: 0, strategy: { type: 'Recreate' }, selector: selector({ app: 'web' }), template: template({ app: 'web' }) }));
  assert.deepEqual([recreate.spec!.replicas, recreate.spec!.strategy], [0, { type: 'Recreate' }]);
});

test('ValidateDeployment: selector required and matched, strategy bounds, restart policy, deadline above minReadySeconds', () => {
  const missing = created(deploymentStrategy, deployment({ template: template({ app: 'web' }) }));
  assert.deepEqual(lines(deploymentStrategy.validate(missing)), [
    'spec.selector: Required value',
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`',
  ]);
  const bad = created(
    deploymentStrategy,
    deployment({
      replicas: -1,
      minReadySeconds: 600,
      selector: {},
      strategy: { type: 'Recreate', rollingUpdate: { maxSurge: 1 } },
      template: template({ app: 'web' }, { restartPolicy: 'OnFailure', activeDeadlineSeconds: 5 }),
    }),
  );
  assert.deepEqual(lines(deploymentStrategy.validate(bad)), [
    'spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment',
    'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported',
    "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
    'spec.progressDeadlineSeconds: Invalid value: 600: must be greater than minReadySeconds',
  ]);
  const bounds = created(deploymentStrategy, deployment({ selector: selector({ a: 'b' }), strategy: { rollingUpdate: { maxUnavailable: '120%', maxSurge: '5' } }, template: template({ a: 'b' }) }));
  assert.deepEqual(lines(deploymentStrategy.validate(bounds)), [
    'spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"5"}: a valid percent string must be a numeric string followed by an ending \'%\' (e.g. \'1%\',  or \'93%\', regex used for validation is \'[0-9]+%\')',
    'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"120%"}: must not be greater than 100%',
  ]);
  const zero = created(deploymentStrategy, deployment({ selector: selector({ a: 'b' }), strategy: { rollingUpdate: { maxUnavailable: 0, maxSurge: '0%' } }, template: template({ a: 'b' }) }));
  assert.deepEqual(lines(deploymentStrategy.validate(zero)), ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0']);
  const unconvertible = created(deploymentStrategy, deployment({ selector: { matchExpressions: [{ key: 'tier', operator: 'In' }] }, template: { metadata: {}, spec: { containers: [] } } }));
  assert.deepEqual(lines(deploymentStrategy.validate(unconvertible)), [
    "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"tier", Operator:"In", Values:[]string(nil)}}}: invalid label selector',
  ]);
});

test('a deployment\'s selector never changes; spec and annotation changes bump the generation; /status keeps spec and labels', () => {
  const old = created(deploymentStrategy, deployment({ selector: selector({ app: 'web' }), template: template({ app: 'web' }) }));
  const moved = structuredClone(old);
  moved.spec!.selector = selector({ app: 'new' });
  moved.spec!.template!.metadata!.labels = { app: 'new' };
  deploymentStrategy.prepareForUpdate(moved, old);
  assert.deepEqual(lines(deploymentStrategy.validateUpdate(moved, old)), [
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"new"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
  ]);
  const annotated = structuredClone(old);
  annotated.metadata.annotations = { note: 'x' };
  annotated.status = { replicas: 3 };
  deploymentStrategy.prepareForUpdate(annotated, old);
  assert.deepEqual([annotated.metadata.generation, annotated.status], [2, {}]);
  const labelled = structuredClone(old);
  labelled.metadata.labels = { team: 'a' };
  deploymentStrategy.prepareForUpdate(labelled, old);
  assert.equal(labelled.metadata.generation, 1);
  const status = structuredClone(old);
  status.spec!.replicas = 9;
  status.metadata.labels = { sneaky: 'yes' };
  status.status = { replicas: 1, readyReplicas: 2, collisionCount: 1 };
  deploymentStatusStrategy.prepareForUpdate(status, old);
  assert.deepEqual([status.spec!.replicas, status.metadata.labels], [1, undefined]);
  assert.deepEqual(lines(deploymentStatusStrategy.validateUpdate(status, old)), ['status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas']);
  const decremented = structuredClone(status);
  decremented.status = { collisionCount: 0 };
  assert.deepEqual(lines(deploymentStatusStrategy.validateUpdate(decremented, status)), ['status.collisionCount: Invalid value: 0: cannot be decremented']);
});

test('deployments serve /scale (selector as a label query) and /status, and no rollback', () => {
  const decl = deploymentsDeclaration();
  assert.deepEqual(Object.keys(decl.subresources), ['scale', 'status']);
  const d = created(deploymentStrategy, deployment({ replicas: 3, selector: { matchLabels: { app: 'web', env: 'prod' }, matchExpressions: [{ key: 'tier', operator: 'NotIn', values: ['db', 'cache'] }, { key: 'canary', operator: 'DoesNotExist' }] }, template: template({ app: 'web', env: 'prod' }) }));
  const scale = decl.subresources.scale.view.toView(d) as unknown as { spec: unknown; status: unknown };
  assert.deepEqual([scale.spec, scale.status], [{ replicas: 3 }, { replicas: 0, selector: 'app=web,!canary,env=prod,tier notin (cache,db)' }]);
});

test('replica sets: one replica, no selector from the template, ValidateReplicaSet causes, immutable selector, status bounds', () => {
  const rs = created(replicaSetStrategy, { metadata: meta('front'), spec: { template: template({ app: 'front' }) } } as unknown as ReplicaSet);
  assert.deepEqual([rs.spec!.replicas, rs.spec!.selector, rs.metadata.labels, rs.status], [1, undefined, undefined, { replicas: 0 }]);
  assert.deepEqual(lines(replicaSetStrategy.validate(rs)), [
    'spec.selector: Required value',
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"front"}: `selector` does not match template `labels`',
  ]);
  const good = created(replicaSetStrategy, { metadata: meta('front'), spec: { minReadySeconds: -1, selector: selector({ app: 'front' }), template: template({ app: 'front' }) } } as unknown as ReplicaSet);
  assert.deepEqual(lines(replicaSetStrategy.validate(good)), ['spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0']);
  good.spec!.minReadySeconds = 0;
  assert.deepEqual(replicaSetStrategy.warningsOnCreate({ ...good, metadata: { ...good.metadata, name: 'front.v1' } }), [
    'metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]',
  ]);
  const scaled = structuredClone(good);
  scaled.spec!.replicas = 4;
  replicaSetStrategy.prepareForUpdate(scaled, good);
  assert.equal(scaled.metadata.generation, 2);
  const status = structuredClone(good);
  status.spec!.replicas = 7;
  status.status = { replicas: 2, fullyLabeledReplicas: 3, readyReplicas: 1, availableReplicas: 2 };
  replicaSetStatusStrategy.prepareForUpdate(status, good);
  assert.equal(status.spec!.replicas, 1);
  assert.deepEqual(lines(replicaSetStatusStrategy.validateUpdate(status, good)), [
    'status.fullyLabeledReplicas: Invalid value: 3: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas',
  ]);
});

function statefulSet(spec: Record<string, unknown>): StatefulSet {
  return { metadata: meta('db'), spec } as unknown as StatefulSet;
}

test('stateful set defaults: OrderedReady, RollingUpdate partition 0, Retain/Retain, one replica, ten revisions, claim templates as claims', () => {
  const set = created(statefulSetStrategy, statefulSet({ selector: selector({ app: 'db' }), template: template({ app: 'db' }), volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: {} }] }));
  const spec = set.spec!;
  assert.deepEqual(
    [spec.podManagementPolicy, spec.updateStrategy, spec.persistentVolumeClaimRetentionPolicy, spec.replicas, spec.revisionHistoryLimit],
    ['OrderedReady', { type: 'RollingUpdate', rollingUpdate: { partition: 0 } }, { whenDeleted: 'Retain', whenScaled: 'Retain' }, 1, 10],
  );
  assert.deepEqual([spec.volumeClaimTemplates![0]!.spec!.volumeMode, spec.volumeClaimTemplates![0]!.status!.phase], ['Filesystem', 'Pending']);
  assert.deepEqual(set.status, { replicas: 0, availableReplicas: 0 });
  assert.deepEqual(statefulSetStrategy.validate(set), []);
  const onDelete = created(statefulSetStrategy, statefulSet({ updateStrategy: { type: 'OnDelete' }, selector: selector({ app: 'db' }), template: template({ app: 'db' }) }));
  assert.deepEqual(onDelete.spec!.updateStrategy, { type: 'OnDelete' });
});

test('ValidateStatefulSet: DNS-label names and service names, policies, bounds; only the template\'s labels are checked', () => {
  const set = created(
    statefulSetStrategy,
    statefulSet({
      serviceName: 'Db_Service',
      podManagementPolicy: 'Random',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: -1, maxUnavailable: 0 } },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Keep', whenScaled: 'Delete' },
      ordinals: { start: -2 },
      selector: selector({ app: 'db' }),
      template: { metadata: { labels: { app: 'other' } }, spec: { containers: [], restartPolicy: 'Never' } },
    }),
  );
  set.metadata.name = 'db.primary';
  assert.deepEqual(lines(statefulSetStrategy.validate(set)), [
    'metadata.name: Invalid value: "db.primary": must not contain dots',
    'spec.podManagementPolicy: Invalid value: "Random": must be \'OrderedReady\' or \'Parallel\'',
    'spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0',
    'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: cannot be 0',
    'spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: "Keep": supported values: "Retain", "Delete"',
    'spec.ordinals.start: Invalid value: -2: must be greater than or equal to 0',
    'spec.serviceName: Invalid value: "Db_Service": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')',
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`',
    'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
  ]);
  const empty = created(statefulSetStrategy, statefulSet({ selector: {}, updateStrategy: { type: 'OnDelete', rollingUpdate: { partition: 2 } }, template: template({}) }));
  assert.deepEqual(lines(statefulSetStrategy.validate(empty)), [
    "spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:2, MaxUnavailable:(*intstr.IntOrString)(nil)}: only allowed for updateStrategy 'RollingUpdate'",
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for statefulset',
  ]);
});

test('a stateful set update may change only replicas, ordinals, template, updateStrategy, claim retention and minReadySeconds', () => {
  const old = created(statefulSetStrategy, statefulSet({ serviceName: 'db', selector: selector({ app: 'db' }), template: template({ app: 'db' }) }));
  const allowed = structuredClone(old);
  Object.assign(allowed.spec!, { replicas: 5, minReadySeconds: 3, ordinals: { start: 1 }, updateStrategy: { type: 'OnDelete' }, persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' } });
  allowed.spec!.template!.spec!.containers[0]!.image = 'nginx:2';
  statefulSetStrategy.prepareForUpdate(allowed, old);
  assert.deepEqual(statefulSetStrategy.validateUpdate(allowed, old), []);
  assert.equal(allowed.metadata.generation, 2);
  for (const change of [{ serviceName: 'other' }, { podManagementPolicy: 'Parallel' }, { revisionHistoryLimit: 3 }, { selector: selector({ app: 'db', x: 'y' }) }, { volumeClaimTemplates: [{ metadata: { name: 'd' } }] }]) {
    const next = structuredClone(old);
    Object.assign(next.spec!, change);
    statefulSetStrategy.prepareForUpdate(next, old);
    assert.ok(
      lines(statefulSetStrategy.validateUpdate(next, old)).includes(
        "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      ),
      JSON.stringify(change),
    );
  }
  const status = structuredClone(old);
  status.spec!.replicas = 8;
  status.status = { replicas: 1, readyReplicas: 1, availableReplicas: 2, currentReplicas: 1, updatedReplicas: 1 };
  statefulSetStatusStrategy.prepareForUpdate(status, old);
  assert.equal(status.spec!.replicas, 1);
  assert.deepEqual(lines(statefulSetStatusStrategy.validateUpdate(status, old)), [
    'status.availableReplicas: Invalid value: 2: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 2: cannot be greater than status.readyReplicas',
  ]);
});

function daemonSet(spec: Record<string, unknown>): DaemonSet {
  return { metadata: meta('agent'), spec } as unknown as DaemonSet;
}

test('daemon sets: RollingUpdate 1/0 and ten revisions by default, template generation 1, then one more per template change', () => {
  const ds = created(daemonSetStrategy, daemonSet({ selector: selector({ app: 'agent' }), template: template({ app: 'agent' }) }));
  assert.deepEqual([ds.spec!.updateStrategy, ds.spec!.revisionHistoryLimit], [{ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } }, 10]);
  assert.deepEqual(ds.metadata.annotations, { 'deprecated.daemonset.template.generation': '1' });
  assert.deepEqual(ds.status, { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 });
  assert.deepEqual(daemonSetStrategy.validate(ds), []);
  const image = structuredClone(ds);
  image.spec!.template!.spec!.containers[0]!.image = 'nginx:2';
  daemonSetStrategy.prepareForUpdate(image, ds);
  assert.deepEqual([image.metadata.generation, image.metadata.annotations], [2, { 'deprecated.daemonset.template.generation': '2' }]);
  assert.deepEqual(daemonSetStrategy.validateUpdate(image, ds), []);
  const minReady = structuredClone(image);
  minReady.spec!.minReadySeconds = 5;
  daemonSetStrategy.prepareForUpdate(minReady, image);
  assert.deepEqual([minReady.metadata.generation, minReady.metadata.annotations], [3, { 'deprecated.daemonset.template.generation': '2' }]);
  const bumped = structuredClone(image);
  bumped.metadata.annotations = { 'deprecated.daemonset.template.generation': '7' };
  daemonSetStrategy.prepareForUpdate(bumped, image);
  assert.deepEqual(lines(daemonSetStrategy.validateUpdate(bumped, image)), ['spec.templateGeneration: Invalid value: 7: must not be incremented without template update']);
});

test('ValidateDaemonSet: an absent selector matches no template, bounds with exactly one non-zero, known strategies', () => {
  const none = created(daemonSetStrategy, daemonSet({ updateStrategy: { rollingUpdate: { maxUnavailable: '10%', maxSurge: 1 } }, template: template({ app: 'agent' }) }));
  assert.deepEqual(lines(daemonSetStrategy.validate(none)), [
    'spec.template.metadata.labels: Invalid value: map[string]string{"app":"agent"}: `selector` does not match template `labels`',
    'spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero',
  ]);
  const zero = created(daemonSetStrategy, daemonSet({ selector: selector({ a: 'b' }), updateStrategy: { rollingUpdate: { maxUnavailable: 0 } }, template: template({ a: 'b' }) }));
  assert.deepEqual(lines(daemonSetStrategy.validate(zero)), ['spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0']);
  const unknown = created(daemonSetStrategy, daemonSet({ selector: selector({ a: 'b' }), updateStrategy: { type: 'Surge' }, template: template({ a: 'b' }) }));
  assert.deepEqual(lines(daemonSetStrategy.validate(unknown)), [
    'spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Surge", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"',
  ]);
});

test('controller revisions: data an object, given at create and fixed; revision 0 or more', () => {
  const strategy = controllerRevisionsDeclaration().strategy;
  const rev = { metadata: meta('db-1'), data: { spec: {} }, revision: 1 } as unknown as ControllerRevision;
  assert.deepEqual(strategy.validate(rev), []);
  assert.deepEqual(lines(strategy.validate({ ...rev, data: undefined, revision: -1 })), ['revision: Invalid value: -1: must be greater than or equal to 0', 'data: Required value: data is mandatory']);
  assert.deepEqual(lines(strategy.validate({ ...rev, data: [1] })), ['data: Required value: data must be a valid JSON object']);
  assert.deepEqual(lines(strategy.validateUpdate({ ...rev, data: {} }, rev)), ['data: Invalid value: runtime.RawExtension{Raw:[]uint8{0x7b, 0x7d}, Object:runtime.Object(nil)}: field is immutable']);
});
