// The pod strategies at unit level: Kubernetes' defaults, the computed status of a create,
// ValidatePodCreate's causes, and what the main resource and each subresource let an update change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { podEphemeralContainersStrategy, podResizeStrategy, podStatusStrategy, podStrategy } from './strategy.ts';
import { computePodQOS } from './qos.ts';

function pod(spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): Pod {
  return { metadata: { name: 'web', namespace: 'default', ...meta }, spec: { containers: [{ name: 'app', image: 'nginx' }], ...spec } } as unknown as Pod;
}

function created(p: Pod): Pod {
  p.metadata.generation = 1;
  p.metadata.resourceVersion = '7';
  podStrategy.prepareForCreate(p);
  return p;
}

const lines = (causes: StatusCause[]) => causes.map((c) => `${c.field}: ${c.message}`);

/** An update of `old` made by `change`, through `strategy`, and its causes. */
function update(old: Pod, change: (p: Pod) => void, strategy = podStrategy): { next: Pod; causes: string[] } {
  const next = structuredClone(old);
  change(next);
  strategy.prepareForUpdate(next, old);
  return { next, causes: lines(strategy.validateUpdate(next, old)) };
}

test('a created pod gets Kubernetes\' spec defaults and starts Pending', () => {
  const p = created(pod());
  const spec = p.spec!;
  assert.equal(spec.restartPolicy, 'Always');
  assert.equal(spec.dnsPolicy, 'ClusterFirst');
  assert.equal(spec.schedulerName, 'default-scheduler');
  assert.equal(spec.terminationGracePeriodSeconds, 30);
  assert.deepEqual(spec.securityContext, {});
  assert.equal(spec.enableServiceLinks, true);
  assert.equal(spec.tolerations, undefined);
  assert.equal(spec.priority, undefined);
  assert.deepEqual(p.status, { phase: 'Pending', qosClass: 'BestEffort' });
  assert.deepEqual(podStrategy.validate(p), []);
});

test('explicit values are kept; a status sent on create is replaced', () => {
  const p = pod({ restartPolicy: 'Never', dnsPolicy: 'Default', schedulerName: 'mine', terminationGracePeriodSeconds: 0, enableServiceLinks: false });
  p.status = { phase: 'Running', podIP: '10.0.0.1' };
  created(p);
  assert.deepEqual([p.spec!.restartPolicy, p.spec!.dnsPolicy, p.spec!.schedulerName, p.spec!.terminationGracePeriodSeconds, p.spec!.enableServiceLinks], ['Never', 'Default', 'mine', 0, false]);
  assert.deepEqual(p.status, { phase: 'Pending', qosClass: 'BestEffort' });
});

test('serviceAccountName and the deprecated serviceAccount default from each other', () => {
  const fromOld = created(pod({ serviceAccount: 'builder' }));
  assert.deepEqual([fromOld.spec!.serviceAccountName, fromOld.spec!.serviceAccount], ['builder', 'builder']);
  const fromNew = created(pod({ serviceAccountName: 'runner' }));
  assert.deepEqual([fromNew.spec!.serviceAccountName, fromNew.spec!.serviceAccount], ['runner', 'runner']);
  const both = created(pod({ serviceAccountName: 'runner', serviceAccount: 'ignored' }));
  assert.deepEqual([both.spec!.serviceAccountName, both.spec!.serviceAccount], ['runner', 'runner']);
});

test('with hostNetwork, host ports default to container ports; limits give requests', () => {
  const p = created(pod({ hostNetwork: true, containers: [{ name: 'app', image: 'nginx', ports: [{ containerPort: 8080 }], resources: { limits: { cpu: '500m' } } }] }));
  const c = p.spec!.containers[0]!;
  assert.equal(c.ports![0]!.hostPort, 8080);
  assert.deepEqual(c.resources!.requests, { cpu: '500m' });
  assert.deepEqual(podStrategy.validate(p), []);
});

test('pod-level resources are completed from the containers\' when the pod sets some', () => {
  const withLimits = created(pod({
    resources: { limits: { cpu: '2', memory: '1Gi' } },
    containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '500m', memory: '256Mi' } } }, { name: 'b', image: 'x', resources: { requests: { cpu: '250m' } } }],
    initContainers: [{ name: 'init', image: 'x', resources: { requests: { cpu: '1500m' } } }],
  }));
  assert.deepEqual(withLimits.spec!.resources!.requests, { cpu: '1500m', memory: '256Mi' });
  const withRequests = created(pod({
    resources: { requests: { cpu: '1' } },
    containers: [{ name: 'a', image: 'x', resources: { limits: { cpu: '500m', memory: '256Mi' } } }, { name: 'b', image: 'x', resources: { limits: { cpu: '700m' } } }],
  }));
  assert.deepEqual(withRequests.spec!.resources!.limits, { cpu: '1200m' });
  assert.equal(created(pod()).spec!.resources, undefined);
});

test('the QoS class: BestEffort, Burstable, Guaranteed', () => {
  const c = (resources: unknown) => ({ containers: [{ name: 'a', image: 'x', resources }] }) as never;
  assert.equal(computePodQOS(c({})), 'BestEffort');
  assert.equal(computePodQOS(c({ requests: { cpu: '100m' } })), 'Burstable');
  assert.equal(computePodQOS(c({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } })), 'Guaranteed');
  assert.equal(computePodQOS(c({ requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } })), 'Burstable');
  assert.equal(computePodQOS(c({ limits: { cpu: '1' } })), 'Burstable');
  assert.equal(computePodQOS(c({ requests: { 'example.com/gpu': '1' } })), 'BestEffort');
  assert.equal(created(pod(c({ limits: { cpu: '1', memory: '128Mi' } }))).status!.qosClass, 'Guaranteed');
});

test('a gated pod is created with PodScheduled=False, reason SchedulingGated', () => {
  const p = created(pod({ schedulingGates: [{ name: 'example.com/wait' }] }));
  const [cond] = p.status!.conditions!;
  assert.deepEqual({ ...cond, lastTransitionTime: undefined }, { type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: undefined, reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' });
});

test('matchLabelKeys of a pod affinity term add the pod\'s label values to its selector', () => {
  const term = { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'zone', matchLabelKeys: ['rev'], mismatchLabelKeys: ['team'] };
  const p = created(pod({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } } }, { labels: { rev: '3', team: 'blue' } }));
  assert.deepEqual(p.spec!.affinity!.podAffinity!.requiredDuringSchedulingIgnoredDuringExecution![0]!.labelSelector!.matchExpressions, [
    { key: 'rev', operator: 'In', values: ['3'] },
    { key: 'team', operator: 'NotIn', values: ['blue'] },
  ]);
  assert.deepEqual(podStrategy.validate(p), []);
});

test('ValidatePodCreate names every field it refuses', () => {
  const p = created(pod({
    containers: [],
    restartPolicy: 'Sometimes',
    dnsPolicy: 'None',
    nodeSelector: { 'bad key!': 'v' },
    activeDeadlineSeconds: 0,
    hostname: 'Not_A_Label',
    tolerations: [{ key: 'k', operator: 'Exists', value: 'v' }, { operator: 'Equal' }, { key: 'k', tolerationSeconds: 5, effect: 'NoSchedule' }],
    affinity: {
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In' }] }] }, preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, preference: {} }] },
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: '' }] },
    },
    topologySpreadConstraints: [{ maxSkew: 0, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }, { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', minDomains: 2 }],
    ephemeralContainers: [{ name: 'debug', image: 'busybox' }],
    nodeName: 'node-1',
    schedulingGates: [{ name: 'gate' }],
    securityContext: { runAsUser: -1, sysctls: [{ name: 'net.ipv4.ip_forward', value: '1' }], seccompProfile: { type: 'Localhost' } },
    hostNetwork: true,
  }));
  const got = lines(podStrategy.validate(p));
  for (const want of [
    'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    "spec.nodeSelector: Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    'spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive',
    "spec.securityContext.sysctls[0].name: Invalid value: \"net.ipv4.ip_forward\": may not be specified when 'hostNetwork' is true",
    'spec.securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost',
    'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is \'In\' or \'NotIn\'',
    'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100',
    'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty',
    'spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None',
    'spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero',
    'spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"',
    'spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive',
    'spec.tolerations[0].operator: Invalid value: "v": value must be empty when `operator` is \'Exists\'',
    'spec.tolerations[1].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
    'spec.tolerations[2].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set',
    'spec.ephemeralContainers: Forbidden: cannot be set on create',
    'spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared',
  ]) assert.ok(got.includes(want), `missing ${want}\n${got.join('\n')}`);
  assert.ok(got.some((l) => l.startsWith('spec.hostname: Invalid value: "Not_A_Label": a lowercase RFC 1123 label')), got.join('\n'));
  assert.ok(got.includes('spec.containers: Required value'), got.join('\n'));
});

test('containers and volumes are checked by their own rules, in the pod\'s order', () => {
  const p = created(pod({
    volumes: [{ name: 'data', emptyDir: {} }, { name: 'Bad_Name', emptyDir: {} }],
    containers: [{ name: 'app', image: 'nginx', volumeMounts: [{ name: 'missing', mountPath: '/m' }], ports: [{ containerPort: 80, hostPort: 8080 }] }],
    initContainers: [{ name: 'app', image: 'busybox' }],
    hostNetwork: true,
  }));
  const got = lines(podStrategy.validate(p));
  const at = (prefix: string) => got.findIndex((l) => l.startsWith(prefix));
  assert.ok(at('spec.volumes[1].name') >= 0, got.join('\n'));
  assert.ok(at('spec.containers[0].volumeMounts[0].name: Not found: "missing"') > at('spec.volumes[1].name'), got.join('\n'));
  assert.ok(got.includes('spec.initContainers[0].name: Duplicate value: "app"'), got.join('\n'));
  assert.ok(got.includes('spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true'), got.join('\n'));
  assert.equal(got.filter((l) => l.includes('must match `containerPort`')).length, 1, 'reported once');
});

test('an update may change images, set or lower activeDeadlineSeconds, add tolerations and remove gates', () => {
  const old = created(pod({ tolerations: [{ key: 'a', operator: 'Exists' }], schedulingGates: [{ name: 'one' }, { name: 'two' }] }));
  const { next, causes } = update(old, (p) => {
    p.spec!.containers[0]!.image = 'nginx:1.27';
    p.spec!.activeDeadlineSeconds = 100;
    p.spec!.tolerations!.push({ key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 });
    p.spec!.schedulingGates = [{ name: 'two' }];
  });
  assert.deepEqual(causes, []);
  assert.equal(next.metadata.generation, 2);
  const lowered = update(next, (p) => { p.spec!.activeDeadlineSeconds = 50; });
  assert.deepEqual(lowered.causes, []);
  const raised = update(lowered.next, (p) => { p.spec!.activeDeadlineSeconds = 60; });
  assert.deepEqual(raised.causes, ['spec.activeDeadlineSeconds: Invalid value: 60: must be less than or equal to previous value']);
});

test('tolerations may only be added, scheduling gates only removed', () => {
  const old = created(pod({ tolerations: [{ key: 'a', operator: 'Exists' }], schedulingGates: [{ name: 'one' }] }));
  assert.deepEqual(update(old, (p) => { p.spec!.tolerations = []; }).causes.slice(0, 1), ['spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds']);
  assert.deepEqual(update(old, (p) => { p.spec!.schedulingGates!.push({ name: 'three' }); }).causes, ["spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'three'"]);
});

test('any other spec change is refused with Kubernetes\' message and a diff; nodeName too', () => {
  const old = created(pod());
  const { causes } = update(old, (p) => {
    p.spec!.nodeName = 'node-1';
    p.spec!.containers[0]!.command = ['sleep'];
  });
  assert.equal(causes.length, 1);
  const [msg] = causes;
  assert.ok(msg!.startsWith('spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n  core.PodSpec{\n'), msg);
  assert.match(msg!, /\+ \tNodeName: "node-1",/);
  assert.match(msg!, /\+ \t\t\tCommand: \{"sleep"\},/);
  const added = update(old, (p) => { p.spec!.containers.push({ name: 'two', image: 'x' }); });
  assert.deepEqual(added.causes, ['spec.containers: Forbidden: pod updates may not add or remove containers']);
});

test('the main resource keeps the status; /status keeps the spec and the QoS class', () => {
  const old = created(pod());
  const main = update(old, (p) => { p.status = { phase: 'Running' }; });
  assert.deepEqual(main.next.status, { phase: 'Pending', qosClass: 'BestEffort' });
  assert.equal(main.next.metadata.generation, 1);
  const status = update(old, (p) => {
    p.spec!.nodeName = 'elsewhere';
    p.status = { phase: 'Running', podIP: '10.1.0.5', podIPs: [{ ip: '10.1.0.5' }], conditions: [{ type: 'Ready', status: 'True' }] };
  }, podStatusStrategy);
  assert.deepEqual(status.causes, []);
  assert.equal(status.next.spec!.nodeName, undefined);
  assert.equal(status.next.status!.qosClass, 'BestEffort');
  assert.equal(status.next.status!.phase, 'Running');
  const bad = update(old, (p) => { p.status = { qosClass: 'Guaranteed', podIPs: [{ ip: 'nope' }], conditions: [{ type: 'not valid!', status: 'True' }] }; }, podStatusStrategy);
  assert.deepEqual(bad.causes, [
    "metadata.conditions[0].Type: Invalid value: \"not valid!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    'status.qosClass: Invalid value: "Guaranteed": field is immutable',
    'status.podIPs[0]: Invalid value: "nope": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
  ]);
});

test('/ephemeralcontainers changes only ephemeral containers, and only by adding them', () => {
  const old = created(pod());
  const added = update(old, (p) => {
    p.spec!.ephemeralContainers = [{ name: 'debug', image: 'busybox', stdin: true, tty: true }];
    p.spec!.containers[0]!.image = 'ignored';
    p.metadata.labels = { ignored: 'yes' };
  }, podEphemeralContainersStrategy);
  assert.deepEqual(added.causes, []);
  assert.equal(added.next.spec!.containers[0]!.image, 'nginx');
  assert.equal(added.next.metadata.labels, undefined);
  assert.equal(added.next.spec!.ephemeralContainers![0]!.terminationMessagePolicy, 'File');
  assert.equal(added.next.metadata.generation, 2);
  const removed = update(added.next, (p) => { p.spec!.ephemeralContainers = []; }, podEphemeralContainersStrategy);
  assert.deepEqual(removed.causes, ['spec.ephemeralContainers: Forbidden: existing ephemeral containers "debug" may not be removed\n']);
});

test('/resize changes only containers\' resources within the QoS class', () => {
  const old = created(pod({ containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '100m' }, limits: { cpu: '200m' } } }] }));
  const grown = update(old, (p) => {
    p.spec!.containers[0]!.resources = { requests: { cpu: '150m' }, limits: { cpu: '300m' } };
    p.spec!.containers[0]!.image = 'ignored';
  }, podResizeStrategy);
  assert.deepEqual(grown.causes, []);
  assert.equal(grown.next.spec!.containers[0]!.image, 'nginx');
  assert.deepEqual(grown.next.spec!.containers[0]!.resources!.limits, { cpu: '300m' });
  const removed = update(old, (p) => { p.spec!.containers[0]!.resources = { limits: { cpu: '200m' } }; }, podResizeStrategy);
  assert.ok(removed.causes.includes('spec.containers[0].resources.requests: Forbidden: resource requests cannot be removed'), removed.causes.join('\n'));
  const memory = update(old, (p) => { p.spec!.containers[0]!.resources!.limits!['memory'] = '1Gi'; }, podResizeStrategy);
  assert.ok(memory.causes.includes('spec.containers[0].resources.limits[memory]: Forbidden: memory limits cannot be added unless resizePolicy is RestartContainer'), memory.causes.join('\n'));
});

test('a pod name that is no DNS label is warned about', () => {
  assert.deepEqual(podStrategy.warningsOnCreate(created(pod({}, { name: 'web.v1' }))), ["metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]"]);
});
