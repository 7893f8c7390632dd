// Bodies whose fields have the wrong JSON type, for every served resource that can be created:
// each is Kubernetes' 400 with a Status (a wrong type in a patch result 422), never a 500 from
// validation meeting a value it did not expect. The resources come from discovery, so a new
// resource without its own wrong-typed case fails here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { daemonDir, deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';

// orch-apiserver itself, so that every group it serves is here.
let s: StorageDaemon;
const hooks = deferredHooks();

function call(method: string, path: string, body?: unknown, contentType = 'application/json') {
  return s.send(method, path, { body, headers: { 'content-type': contentType } });
}

before(async () => {
  s = await startDaemon(hooks, daemonDir(hooks), []);
});
after(() => hooks.run());

/** Each creatable resource's own fields that validation reads, given values of the wrong type. */
const OWN_FIELDS: Record<string, Record<string, unknown>[]> = {
  'v1/events': [{ involvedObject: 'pod' }, { count: 'many' }, { source: [] }, { series: { count: '2' } }],
  'v1/secrets': [{ data: [] }, { data: { k: 1 } }, { stringData: { k: false } }, { type: 5 }],
  'v1/serviceaccounts': [{ secrets: {} }, { imagePullSecrets: ['x'] }, { automountServiceAccountToken: 'yes' }],
  'v1/namespaces': [{ spec: { finalizers: 'kubernetes' } }, { spec: [] }],
  'v1/configmaps': [{ data: { k: 1 } }, { binaryData: 'x' }, { binaryData: { k: 2 } }, { immutable: 'true' }],
  'v1/endpoints': [{ subsets: {} }, { subsets: [{ addresses: [{ ip: 1 }] }] }, { subsets: [{ ports: [{ port: '80' }] }] }, { subsets: [{ addresses: [{ targetRef: 'pod' }] }] }],
  'v1/limitranges': [{ spec: { limits: {} } }, { spec: { limits: [{ type: 1 }] } }, { spec: { limits: [{ type: 'Container', max: [] }] } }],
  'v1/bindings': [{ target: 'node-1' }, { target: { name: 1 } }, { target: [] }],
  'v1/resourcequotas': [{ spec: { hard: [] } }, { spec: { scopes: 'BestEffort' } }, { spec: { scopeSelector: { matchExpressions: [{ operator: true }] } } }, { status: { used: 'x' } }],
  'v1/services': [{ spec: { ports: {} } }, { spec: { ports: [{ port: '80' }] } }, { spec: { selector: [] } }, { spec: { clusterIPs: 'None' } }, { spec: { type: 1 } }, { spec: { ports: [{ port: 80, targetPort: true }] } }],
  'v1/nodes': [{ spec: { taints: {} } }, { spec: { unschedulable: 'yes' } }, { spec: { podCIDRs: '10.0.0.0/24' } }, { status: { capacity: [] } }, { status: { conditions: [{ type: 1 }] } }],
  'v1/persistentvolumes': [{ spec: { capacity: [] } }, { spec: { accessModes: 'ReadWriteOnce' } }, { spec: { hostPath: { path: 1 } } }, { spec: { claimRef: 'x' } }, { spec: { nodeAffinity: { required: { nodeSelectorTerms: {} } } } }, { status: { phase: 1 } }],
  'v1/persistentvolumeclaims': [{ spec: { resources: { requests: [] } } }, { spec: { accessModes: 'ReadWriteOnce' } }, { spec: { selector: 'app=x' } }, { spec: { storageClassName: 1 } }, { status: { capacity: 'x' } }],
  'v1/pods': [{ spec: { containers: {} } }, { spec: { containers: [{ name: 1 }] } }, { spec: { restartPolicy: 1 } }, { spec: { tolerations: [{ tolerationSeconds: '5' }] } }, { spec: { nodeSelector: [] } }, { spec: { affinity: { nodeAffinity: [] } } }, { spec: { securityContext: { runAsUser: 'root' } } }, { spec: { terminationGracePeriodSeconds: '30' } }, { status: { phase: 2 } }],
  'v1/podtemplates': [{ template: [] }, { template: { spec: { containers: 'nginx' } } }, { template: { metadata: { labels: [] } } }],
  'v1/replicationcontrollers': [{ spec: { replicas: '3' } }, { spec: { selector: ['app'] } }, { spec: { template: { spec: { hostNetwork: 'yes' } } } }, { status: { replicas: '1' } }],
  'apps/v1/deployments': [{ spec: { replicas: '3' } }, { spec: { selector: { matchLabels: [] } } }, { spec: { strategy: { rollingUpdate: { maxSurge: true } } } }, { spec: { paused: 'yes' } }, { status: { replicas: '1' } }],
  'apps/v1/replicasets': [{ spec: { replicas: '3' } }, { spec: { selector: 'app=x' } }, { spec: { template: { spec: { containers: {} } } } }, { status: { readyReplicas: '1' } }],
  'apps/v1/statefulsets': [{ spec: { serviceName: 1 } }, { spec: { volumeClaimTemplates: {} } }, { spec: { updateStrategy: { rollingUpdate: { partition: '0' } } } }, { spec: { ordinals: { start: 'one' } } }, { status: { replicas: '1' } }],
  'apps/v1/daemonsets': [{ spec: { updateStrategy: [] } }, { spec: { minReadySeconds: '5' } }, { spec: { selector: { matchExpressions: {} } } }, { status: { numberReady: '1' } }],
  'apps/v1/controllerrevisions': [{ revision: '1' }, { revision: true }],
  'batch/v1/jobs': [{ spec: { parallelism: '2' } }, { spec: { selector: 'a=b' } }, { spec: { template: { spec: { restartPolicy: 1 } } } }, { spec: { podFailurePolicy: { rules: {} } } }, { status: { succeeded: '1' } }],
  'batch/v1/cronjobs': [{ spec: { schedule: 5 } }, { spec: { suspend: 'no' } }, { spec: { jobTemplate: { spec: { backoffLimit: '6' } } } }, { status: { active: {} } }],
  'autoscaling/v2/horizontalpodautoscalers': [{ spec: { maxReplicas: '5' } }, { spec: { metrics: {} } }, { spec: { metrics: [{ resource: { target: { averageUtilization: '80' } } }] } }, { spec: { behavior: { scaleUp: { policies: 'x' } } } }, { status: { currentReplicas: '1' } }],
  'autoscaling/v1/horizontalpodautoscalers': [{ spec: { maxReplicas: '5' } }, { spec: { targetCPUUtilizationPercentage: 'high' } }, { spec: { scaleTargetRef: 'rc/web' } }, { status: { desiredReplicas: true } }],
  'policy/v1/poddisruptionbudgets': [{ spec: { minAvailable: true } }, { spec: { selector: 'app=x' } }, { spec: { maxUnavailable: [] } }, { status: { disruptionsAllowed: '1' } }],
  'events.orch.io/v1/events': [{ regarding: 'pod' }, { deprecatedCount: 'x' }, { series: [] }, { note: {} }],
  'coordination.orch.io/v1/leases': [{ spec: 'x' }, { spec: { leaseDurationSeconds: '15' } }, { spec: { holderIdentity: 1 } }],
  'networking.orch.io/v1/networkpolicies': [{ spec: { podSelector: [] } }, { spec: { ingress: [{ ports: [{ port: true }] }] } }, { spec: { egress: [{ to: [{ ipBlock: { cidr: 10 } }] }] } }, { spec: { policyTypes: 'Ingress' } }],
  'networking.orch.io/v1/ingresses': [{ spec: { rules: {} } }, { spec: { rules: [{ http: { paths: [{ backend: { service: { port: { number: '80' } } } }] } }] } }, { spec: { tls: [{ hosts: 'a' }] } }, { status: { loadBalancer: { ingress: [{ ip: 1 }] } } }],
  'networking.orch.io/v1/ingressclasses': [{ spec: { controller: 1 } }, { spec: { parameters: 'x' } }, { spec: { parameters: { kind: [] } } }],
  'networking.orch.io/v1/servicecidrs': [{ spec: { cidrs: '10.0.0.0/24' } }, { spec: { cidrs: [1] } }, { status: { conditions: {} } }],
  'networking.orch.io/v1/ipaddresses': [{ spec: { parentRef: 'svc' } }, { spec: { parentRef: { name: 1 } } }],
  'discovery.orch.io/v1/endpointslices': [{ addressType: 4 }, { endpoints: {} }, { endpoints: [{ addresses: '10.0.0.1' }] }, { ports: [{ port: '80' }] }, { endpoints: [{ addresses: ['10.0.0.1'], conditions: { ready: 'yes' } }] }],
  'rbac.authorization.orch.io/v1/roles': [{ rules: {} }, { rules: [{ verbs: 'get' }] }, { rules: ['x'] }],
  'rbac.authorization.orch.io/v1/clusterroles': [{ rules: [{ verbs: [1] }] }, { aggregationRule: { clusterRoleSelectors: {} } }],
  'rbac.authorization.orch.io/v1/rolebindings': [{ subjects: {} }, { subjects: [{ kind: 1 }] }, { roleRef: 'admin' }],
  'rbac.authorization.orch.io/v1/clusterrolebindings': [{ subjects: 'x' }, { roleRef: { name: [] } }],
  'authorization.orch.io/v1/subjectaccessreviews': [{ spec: { groups: 'g' } }, { spec: { resourceAttributes: [] } }],
  'authorization.orch.io/v1/localsubjectaccessreviews': [{ spec: { extra: { a: 'b' } } }],
  'authorization.orch.io/v1/selfsubjectaccessreviews': [{ spec: { nonResourceAttributes: { path: 1 } } }],
  'authorization.orch.io/v1/selfsubjectrulesreviews': [{ spec: { namespace: 1 } }],
  'authentication.orch.io/v1/tokenreviews': [{ spec: { token: 1 } }, { spec: { audiences: 'a' } }],
  'authentication.orch.io/v1/selfsubjectreviews': [{ metadata: { uid: 1 } }],
  'flowcontrol.apiserver.orch.io/v1/flowschemas': [{ spec: { rules: {} } }, { spec: { matchingPrecedence: '1' } }, { spec: { rules: [{ subjects: [{ kind: 1 }] }] } }],
  'flowcontrol.apiserver.orch.io/v1/prioritylevelconfigurations': [{ spec: { type: [] } }, { spec: { limited: { nominalConcurrencyShares: 'x' } } }],
  'admissionregistration.orch.io/v1/validatingwebhookconfigurations': [{ webhooks: {} }, { webhooks: [{ rules: 'x' }] }, { webhooks: [{ clientConfig: { caBundle: 1 } }] }],
  'admissionregistration.orch.io/v1/mutatingwebhookconfigurations': [{ webhooks: ['x'] }, { webhooks: [{ timeoutSeconds: '5' }] }],
  'admissionregistration.orch.io/v1/validatingadmissionpolicies': [{ spec: { validations: {} } }, { spec: { matchConstraints: { resourceRules: [{ operations: 'CREATE' }] } } }],
  'admissionregistration.orch.io/v1/validatingadmissionpolicybindings': [{ spec: { policyName: 1 } }, { spec: { validationActions: 'Deny' } }],
  'admissionregistration.orch.io/v1beta1/mutatingadmissionpolicies': [{ spec: { mutations: {} } }, { spec: { variables: [{ name: 1 }] } }],
  'admissionregistration.orch.io/v1beta1/mutatingadmissionpolicybindings': [{ spec: { paramRef: [] } }],
  'apiextensions.orch.io/v1/customresourcedefinitions': [{ spec: { group: 1 } }, { spec: { names: { shortNames: 'ct' } } }, { spec: { versions: [{ served: 'yes' }] } }, { spec: { versions: [{ schema: { openAPIV3Schema: { type: 5 } } }] } }, { status: { storedVersions: 'v1' } }],
  'apiregistration.orch.io/v1/apiservices': [{ spec: { groupPriorityMinimum: '100' } }, { spec: { service: { port: '443' } } }, { spec: { caBundle: 1 } }, { status: { conditions: {} } }],
  'storage.orch.io/v1/storageclasses': [{ provisioner: 1 }, { parameters: [] }, { allowVolumeExpansion: 'yes' }, { allowedTopologies: [{ matchLabelExpressions: [{ values: 'a' }] }] }],
  'storage.orch.io/v1/volumeattachments': [{ spec: { attacher: 1 } }, { spec: { source: { persistentVolumeName: [] } } }, { status: { attached: 'true' } }],
  'storage.orch.io/v1/csidrivers': [{ spec: { attachRequired: 'no' } }, { spec: { volumeLifecycleModes: 'Persistent' } }, { spec: { tokenRequests: [{ expirationSeconds: '600' }] } }],
  'storage.orch.io/v1/csinodes': [{ spec: { drivers: {} } }, { spec: { drivers: [{ allocatable: { count: 'many' } }] } }],
  'storage.orch.io/v1/csistoragecapacities': [{ storageClassName: 5 }, { nodeTopology: { matchLabels: [] } }, { nodeTopology: { matchExpressions: {} } }],
  'storage.orch.io/v1/volumeattributesclasses': [{ driverName: [] }, { parameters: { iops: 3000 } }],
  'node.orch.io/v1/runtimeclasses': [{ handler: 1 }, { overhead: { podFixed: [] } }, { scheduling: { tolerations: {} } }],
  'scheduling.orch.io/v1/priorityclasses': [{ value: '1000' }, { globalDefault: 'true' }, { preemptionPolicy: 1 }],
  'certificates.orch.io/v1/certificatesigningrequests': [{ spec: { request: 1 } }, { spec: { request: '!not base64!' } }, { spec: { usages: 'client auth' } }, { spec: { expirationSeconds: '600' } }, { status: { conditions: {} } }],
  'resource.orch.io/v1/deviceclasses': [{ spec: { selectors: {} } }, { spec: { selectors: [{ cel: { expression: 1 } }] } }, { spec: { config: [{ opaque: { driver: [] } }] } }],
  'resource.orch.io/v1/resourceclaims': [{ spec: { devices: { requests: {} } } }, { spec: { devices: { requests: [{ exactly: { count: '1' } }] } } }, { status: { reservedFor: 'x' } }],
  'resource.orch.io/v1/resourceclaimtemplates': [{ spec: { spec: [] } }, { spec: { spec: { devices: { constraints: [{ requests: 'a' }] } } } }],
  'resource.orch.io/v1/resourceslices': [{ spec: { driver: 1 } }, { spec: { pool: { generation: 'one' } } }, { spec: { devices: [{ attributes: { a: { int: 'x' } } }] } }],
};

/** Metadata values of the wrong type every kind's decoding must refuse. */
const METADATA: Record<string, unknown>[] = [
  { labels: [] },
  { labels: 'a=b' },
  { labels: 3 },
  { annotations: { a: 1 } },
  { annotations: { a: { b: 'c' } } },
  { finalizers: 'orch.io/x' },
  { ownerReferences: { uid: 'u' } },
  { name: 7 },
];

interface Served {
  key: string;
  path: string;
}

async function creatable(): Promise<Served[]> {
  const groups = (await call('GET', '/apis')).body.groups as { versions: { groupVersion: string }[] }[];
  const gvs = ['v1', ...groups.flatMap((g) => g.versions.map((v) => v.groupVersion))];
  const out: Served[] = [];
  for (const gv of gvs) {
    const list = (await call('GET', gv === 'v1' ? '/api/v1' : `/apis/${gv}`)).body;
    for (const r of list.resources as { name: string; namespaced: boolean; verbs: string[] }[]) {
      if (r.name.includes('/') || !r.verbs.includes('create')) continue;
      const base = gv === 'v1' ? '/api/v1' : `/apis/${gv}`;
      // A group served under Kubernetes' name too has the orch.io name's cases.
      out.push({ key: `${gv.replace(/\.k8s\.io\//, '.orch.io/')}/${r.name}`, path: r.namespaced ? `${base}/namespaces/default/${r.name}` : `${base}/${r.name}` });
    }
  }
  return out;
}

function assertDecodeError(r: { status: number; body: any }, what: string): void {
  assert.equal(r.status, 400, `${what}: ${r.status} ${JSON.stringify(r.body)}`);
  assert.equal(r.body.kind, 'Status', what);
  assert.equal(r.body.reason, 'BadRequest', what);
  assert.match(r.body.message, / cannot be handled as a [A-Za-z]+: (json: cannot unmarshal|illegal base64)/, what);
}

test('every creatable resource refuses wrong types in metadata and in its own fields with a 400 Status', async () => {
  const served = await creatable();
  assert.ok(served.length >= 20, `only ${served.length} creatable resources discovered`);
  const missing = served.filter((r) => !OWN_FIELDS[r.key]).map((r) => r.key);
  assert.deepEqual(missing, [], 'creatable resources without wrong-typed cases of their own');
  for (const r of served) {
    for (const meta of METADATA) {
      const body = { metadata: { name: 'wrong-types', ...meta } };
      assertDecodeError(await call('POST', r.path, body), `POST ${r.key} metadata ${JSON.stringify(meta)}`);
    }
    for (const fields of OWN_FIELDS[r.key]!) {
      const body = { metadata: { name: 'wrong-types' }, ...fields };
      assertDecodeError(await call('POST', r.path, body), `POST ${r.key} ${JSON.stringify(fields)}`);
    }
  }
});

test('an update with wrong types is refused the same way', async () => {
  const path = '/api/v1/namespaces/default/configmaps';
  assert.equal((await call('POST', path, { metadata: { name: 'put-me' } })).status, 201);
  const r = await call('PUT', `${path}/put-me`, { metadata: { name: 'put-me', labels: ['a'] } });
  assertDecodeError(r, 'PUT configmap');
  assert.equal(r.body.message, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string');
});

test('a patch whose result has the wrong type is refused with 422 on "patch"; an apply with 400', async () => {
  const objects = [
    { path: '/api/v1/namespaces/default/configmaps', body: { metadata: { name: 'patch-me' } } },
    { path: '/api/v1/namespaces', body: { metadata: { name: 'patch-me' } } },
    { path: '/apis/rbac.authorization.orch.io/v1/clusterroles', body: { metadata: { name: 'patch-me' }, rules: [] } },
  ];
  for (const o of objects) {
    const created = await call('POST', o.path, o.body);
    assert.equal(created.status, 201, o.path);
    const target = `${o.path}/patch-me`;
    for (const [type, patch] of [
      ['application/merge-patch+json', { metadata: { labels: [] } }],
      ['application/strategic-merge-patch+json', { metadata: { annotations: { a: 1 } } }],
      ['application/json-patch+json', [{ op: 'add', path: '/metadata/finalizers', value: 'x' }]],
    ] as const) {
      const r = await call('PATCH', target, patch, type);
      assert.equal(r.status, 422, `${type} ${target}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.equal(r.body.kind, 'Status');
      assert.equal(r.body.reason, 'Invalid');
      assert.equal(r.body.details.causes[0].field, 'patch');
      assert.match(r.body.message, /^ "" is invalid: patch: Invalid value: ".*": json: cannot unmarshal /);
    }
    const apply = await call('PATCH', `${target}?fieldManager=t`, { apiVersion: o.path.includes('rbac') ? 'rbac.authorization.orch.io/v1' : 'v1', kind: o.path.includes('rbac') ? 'ClusterRole' : o.path.includes('namespaces/default') ? 'ConfigMap' : 'Namespace', metadata: { name: 'patch-me', labels: 'x' } }, 'application/apply-patch+yaml');
    assert.equal(apply.status, 400, `apply ${target}: ${apply.status} ${JSON.stringify(apply.body)}`);
    assert.match(apply.body.message, /^failed to create typed patch object \(.*\): json: cannot unmarshal string into Go struct field ObjectMeta.metadata.labels of type map\[string\]string$/);
    // Nothing of the refused patches was stored.
    const got = await call('GET', target);
    assert.equal(got.status, 200);
    assert.equal(got.body.metadata.resourceVersion, created.body.metadata.resourceVersion);
  }
});
