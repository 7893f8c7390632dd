// One valid object for every creatable resource the server serves, keyed `<group>/<resource>`
// ("" for the core group): the rows of the kubectl matrix. Namespaced objects live in the
// namespace `matrix`. A served creatable resource without a sample fails the matrix.
export const MATRIX_NAMESPACE = 'matrix';

const ns = MATRIX_NAMESPACE;
const rule = { apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] };
const subject = { kind: 'User', apiGroup: 'rbac.authorization.orch.io', name: 'matrix-user' };
const webhook = {
  admissionReviewVersions: ['v1'],
  sideEffects: 'None',
  failurePolicy: 'Ignore',
  clientConfig: { url: 'https://127.0.0.1:1/matrix', caBundle: '' },
  rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'], scope: 'Namespaced' }],
  // Only objects with this label are sent: nothing in the tests carries it.
  objectSelector: { matchLabels: { 'matrix.orch.io/never': 'true' } },
};

export const SAMPLES: Record<string, Record<string, unknown>> = {
  '/configmaps': { metadata: { name: 'matrix-cm', namespace: ns }, data: { a: 'b' } },
  '/secrets': { metadata: { name: 'matrix-secret', namespace: ns }, type: 'Opaque', stringData: { password: 'x' } },
  '/serviceaccounts': { metadata: { name: 'matrix-sa', namespace: ns } },
  '/endpoints': { metadata: { name: 'matrix-ep', namespace: ns }, subsets: [{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80 }] }] },
  '/limitranges': { metadata: { name: 'matrix-limits', namespace: ns }, spec: { limits: [{ type: 'Container', max: { cpu: '1' }, min: { cpu: '100m' } }] } },
  '/resourcequotas': { metadata: { name: 'matrix-quota', namespace: ns }, spec: { hard: { pods: '10', 'requests.cpu': '2' } } },
  '/services': { metadata: { name: 'matrix-svc', namespace: ns }, spec: { selector: { app: 'matrix' }, ports: [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 8080 }] } },
  '/nodes': { metadata: { name: 'matrix-node' }, spec: { taints: [{ key: 'matrix.orch.io/row', effect: 'PreferNoSchedule' }] } },
  '/persistentvolumes': { metadata: { name: 'matrix-pv' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp/matrix-pv' } } },
  '/persistentvolumeclaims': { metadata: { name: 'matrix-pvc', namespace: ns }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
  '/pods': { metadata: { name: 'matrix-pod', namespace: ns, labels: { app: 'matrix' } }, spec: { containers: [{ name: 'app', image: 'nginx', ports: [{ containerPort: 80, protocol: 'TCP' }] }] } },
  '/podtemplates': { metadata: { name: 'matrix-template', namespace: ns }, template: { metadata: { labels: { app: 'matrix' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } },
  '/replicationcontrollers': { metadata: { name: 'matrix-rc', namespace: ns }, spec: { replicas: 0, selector: { app: 'matrix-rc' }, template: { metadata: { labels: { app: 'matrix-rc' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } } },
  'apps/deployments': { metadata: { name: 'matrix-deploy', namespace: ns }, spec: { replicas: 0, selector: { matchLabels: { app: 'matrix-deploy' } }, template: { metadata: { labels: { app: 'matrix-deploy' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } } },
  'apps/replicasets': { metadata: { name: 'matrix-rs', namespace: ns }, spec: { replicas: 0, selector: { matchLabels: { app: 'matrix-rs' } }, template: { metadata: { labels: { app: 'matrix-rs' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } } },
  'apps/statefulsets': { metadata: { name: 'matrix-sts', namespace: ns }, spec: { replicas: 0, serviceName: 'matrix-svc', selector: { matchLabels: { app: 'matrix-sts' } }, template: { metadata: { labels: { app: 'matrix-sts' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } }, volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] } },
  'apps/daemonsets': { metadata: { name: 'matrix-ds', namespace: ns }, spec: { selector: { matchLabels: { app: 'matrix-ds' } }, template: { metadata: { labels: { app: 'matrix-ds' } }, spec: { nodeSelector: { 'matrix.orch.io/never': 'true' }, containers: [{ name: 'app', image: 'busybox' }] } } } },
  'apps/controllerrevisions': { metadata: { name: 'matrix-revision', namespace: ns }, data: { spec: { template: { metadata: { labels: { app: 'matrix-ds' } } } } }, revision: 1 },
  'batch/jobs': { metadata: { name: 'matrix-job', namespace: ns }, spec: { suspend: true, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'app', image: 'busybox' }] } } } },
  'batch/cronjobs': { metadata: { name: 'matrix-cronjob', namespace: ns }, spec: { schedule: '*/5 * * * *', suspend: true, jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'app', image: 'busybox' }] } } } } } },
  'autoscaling/horizontalpodautoscalers': { metadata: { name: 'matrix-hpa', namespace: ns }, spec: { scaleTargetRef: { apiVersion: 'v1', kind: 'ReplicationController', name: 'matrix-rc' }, minReplicas: 1, maxReplicas: 3, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] } },
  'policy/poddisruptionbudgets': { metadata: { name: 'matrix-pdb', namespace: ns }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'matrix' } } } },
  '/namespaces': { metadata: { name: 'matrix-ns' } },
  '/events': {
    metadata: { name: 'matrix-core-event', namespace: ns },
    involvedObject: { kind: 'ConfigMap', namespace: ns, name: 'matrix-cm', apiVersion: 'v1' },
    reason: 'Matrix',
    message: 'a row of the kubectl matrix',
    type: 'Normal',
    source: { component: 'matrix' },
    firstTimestamp: '2026-11-25T10:00:00Z',
    lastTimestamp: '2026-11-25T10:00:00Z',
    count: 1,
  },
  'events.orch.io/events': {
    metadata: { name: 'matrix-event', namespace: ns },
    eventTime: '2026-11-25T10:00:00.000000Z',
    reportingController: 'orch.io/matrix',
    reportingInstance: 'matrix-1',
    action: 'Testing',
    reason: 'Matrix',
    type: 'Normal',
    note: 'a row of the kubectl matrix',
    regarding: { kind: 'ConfigMap', namespace: ns, name: 'matrix-cm', apiVersion: 'v1' },
  },
  'coordination.orch.io/leases': { metadata: { name: 'matrix-lease', namespace: ns }, spec: { holderIdentity: 'matrix', leaseDurationSeconds: 15 } },
  'networking.orch.io/networkpolicies': { metadata: { name: 'matrix-netpol', namespace: ns }, spec: { podSelector: { matchLabels: { app: 'matrix' } }, ingress: [{ from: [{ podSelector: {} }], ports: [{ protocol: 'TCP', port: 80 }] }], policyTypes: ['Ingress'] } },
  'networking.orch.io/ingressclasses': { metadata: { name: 'matrix-ingressclass' }, spec: { controller: 'matrix.example.com/ingress' } },
  'networking.orch.io/ingresses': { metadata: { name: 'matrix-ingress', namespace: ns }, spec: { ingressClassName: 'matrix-ingressclass', rules: [{ host: 'matrix.example', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'matrix-svc', port: { number: 80 } } } }] } }] } },
  'networking.orch.io/servicecidrs': { metadata: { name: 'matrix-servicecidr' }, spec: { cidrs: ['10.250.0.0/24'] } },
  'networking.orch.io/ipaddresses': { metadata: { name: '192.0.2.10' }, spec: { parentRef: { group: 'matrix.example.com', resource: 'gateways', namespace: ns, name: 'matrix-gateway' } } },
  'discovery.orch.io/endpointslices': {
    metadata: { name: 'matrix-svc-x1', namespace: ns, labels: { 'orch.io/service-name': 'matrix-svc' } },
    addressType: 'IPv4',
    endpoints: [{ addresses: ['10.0.0.5'], conditions: { ready: true } }],
    ports: [{ name: 'http', protocol: 'TCP', port: 80 }],
  },
  'rbac.authorization.orch.io/roles': { metadata: { name: 'matrix-role', namespace: ns }, rules: [rule] },
  'rbac.authorization.orch.io/clusterroles': { metadata: { name: 'matrix-clusterrole' }, rules: [rule] },
  'rbac.authorization.orch.io/rolebindings': {
    metadata: { name: 'matrix-rolebinding', namespace: ns },
    roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'Role', name: 'matrix-role' },
    subjects: [subject],
  },
  'rbac.authorization.orch.io/clusterrolebindings': {
    metadata: { name: 'matrix-clusterrolebinding' },
    roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'matrix-clusterrole' },
    subjects: [subject],
  },
  'admissionregistration.orch.io/validatingwebhookconfigurations': { metadata: { name: 'matrix-vwc' }, webhooks: [{ name: 'matrix.orch.io', ...webhook }] },
  'admissionregistration.orch.io/mutatingwebhookconfigurations': { metadata: { name: 'matrix-mwc' }, webhooks: [{ name: 'matrix.orch.io', reinvocationPolicy: 'Never', ...webhook }] },
  'admissionregistration.orch.io/validatingadmissionpolicies': {
    metadata: { name: 'matrix-vap' },
    spec: {
      failurePolicy: 'Fail',
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
      validations: [{ expression: "!has(object.data) || !('forbidden' in object.data)", message: 'no key named forbidden' }],
    },
  },
  'admissionregistration.orch.io/validatingadmissionpolicybindings': {
    metadata: { name: 'matrix-vapb' },
    spec: { policyName: 'matrix-vap', validationActions: ['Deny'], matchResources: { namespaceSelector: { matchLabels: { 'matrix.orch.io/never': 'true' } } } },
  },
  'flowcontrol.apiserver.orch.io/prioritylevelconfigurations': {
    metadata: { name: 'matrix-plc' },
    spec: { type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' } } },
  },
  'flowcontrol.apiserver.orch.io/flowschemas': {
    metadata: { name: 'matrix-fs' },
    spec: {
      priorityLevelConfiguration: { name: 'matrix-plc' },
      matchingPrecedence: 9000,
      distinguisherMethod: { type: 'ByUser' },
      rules: [{ subjects: [{ kind: 'User', user: { name: 'matrix-user' } }], resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'], namespaces: ['*'] }] }],
    },
  },
  'storage.orch.io/storageclasses': { metadata: { name: 'matrix-sc' }, provisioner: 'matrix.example.com/disk', parameters: { type: 'ssd' }, allowVolumeExpansion: true },
  'storage.orch.io/volumeattachments': { metadata: { name: 'matrix-va' }, spec: { attacher: 'matrix.example.com', source: { persistentVolumeName: 'matrix-pv' }, nodeName: 'matrix-node' } },
  'storage.orch.io/csidrivers': { metadata: { name: 'matrix.example.com' }, spec: { attachRequired: false, podInfoOnMount: true, volumeLifecycleModes: ['Persistent', 'Ephemeral'] } },
  'storage.orch.io/csinodes': { metadata: { name: 'matrix-node' }, spec: { drivers: [{ name: 'matrix.example.com', nodeID: 'matrix-node-1', topologyKeys: ['topology.matrix.example.com/zone'] }] } },
  'storage.orch.io/csistoragecapacities': { metadata: { name: 'matrix-capacity', namespace: ns }, storageClassName: 'matrix-sc', capacity: '10Gi', nodeTopology: { matchLabels: { 'topology.matrix.example.com/zone': 'a' } } },
  'storage.orch.io/volumeattributesclasses': { metadata: { name: 'matrix-vac' }, driverName: 'matrix.example.com', parameters: { iops: '3000' } },
  'node.orch.io/runtimeclasses': { metadata: { name: 'matrix-runtime' }, handler: 'matrix', overhead: { podFixed: { cpu: '10m' } }, scheduling: { nodeSelector: { 'matrix.orch.io/runtime': 'matrix' } } },
  'scheduling.orch.io/priorityclasses': { metadata: { name: 'matrix-priority' }, value: 1000, description: 'a row of the kubectl matrix' },
  'certificates.orch.io/certificatesigningrequests': {
    metadata: { name: 'matrix-csr' },
    // An EC P-256 request for CN=matrix-user, O=matrix, made with openssl.
    spec: { request: 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIak1JR0pBZ0VBTUNjeEZEQVNCZ05WQkFNTUMyMWhkSEpwZUMxMWMyVnlNUTh3RFFZRFZRUUtEQVp0WVhSeQphWGd3V1RBVEJnY3Foa2pPUFFJQkJnZ3Foa2pPUFFNQkJ3TkNBQVR1aUVZRGtOZm9VakZENXFRc0VsTnVodTNuCkpkMUdNanJVYTMzYWc2VUt1cmtSNHY4RVR3ZVYvRnZoR3Z5Y2tRbTJZeUtYQzhCQ1hYTFErRVVEcDlacW9BQXcKQ2dZSUtvWkl6ajBFQXdJRFNRQXdSZ0loQUlTNnE4WEN0TjJhbWlmUUtsUWZLWmpvaVVydFFIU05Yb1VDaDdwWgpheVIwQWlFQXBEeEE2eUl3bFArM2g2enpvTlR1dUdyaGFNWE0xamZnSk9xcGRvcGJRR009Ci0tLS0tRU5EIENFUlRJRklDQVRFIFJFUVVFU1QtLS0tLQo=', signerName: 'example.com/matrix', usages: ['digital signature', 'client auth'], expirationSeconds: 3600 },
  },
  'apiextensions.orch.io/customresourcedefinitions': { metadata: { name: 'matrixrows.matrix.example.com' }, spec: { group: 'matrix.example.com', names: { plural: 'matrixrows', kind: 'MatrixRow' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } } }] } },
  'apiregistration.orch.io/apiservices': { metadata: { name: 'v1.matrix-api.example.com' }, spec: { group: 'matrix-api.example.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10 } },
  'resource.orch.io/deviceclasses': { metadata: { name: 'matrix.example.com' }, spec: { selectors: [{ cel: { expression: 'device.driver == "matrix.example.com"' } }] } },
  'resource.orch.io/resourceclaims': { metadata: { name: 'matrix-claim', namespace: ns }, spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'matrix.example.com' } }] } } },
  'resource.orch.io/resourceclaimtemplates': { metadata: { name: 'matrix-claim-template', namespace: ns }, spec: { spec: { devices: { requests: [{ name: 'gpu', exactly: { deviceClassName: 'matrix.example.com' } }] } } } },
  'resource.orch.io/resourceslices': { metadata: { name: 'matrix-node-gpus' }, spec: { driver: 'matrix.example.com', nodeName: 'matrix-node', pool: { name: 'matrix-node', generation: 1, resourceSliceCount: 1 }, devices: [{ name: 'gpu-0', attributes: { model: { string: 'M1' } } }] } },
};

/**
 * Kinds whose create acts on another object and answers a Status (a Binding binds a pod): the
 * object it acts on is created first, then the kind is posted with `create -f`.
 */
export const ACTION_ONLY: Record<string, { target: Record<string, unknown>; body: Record<string, unknown> }> = {
  '/bindings': {
    target: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'matrix-unbound', namespace: ns }, spec: { containers: [{ name: 'app', image: 'nginx' }] } },
    body: { metadata: { name: 'matrix-unbound', namespace: ns }, target: { kind: 'Node', name: 'matrix-node' } },
  },
};

/**
 * Kinds that only create (the review APIs): nothing is stored, so there is nothing to apply,
 * get, patch, watch or delete. kubectl sends them with `create -f` and prints the answer.
 */
export const CREATE_ONLY: Record<string, Record<string, unknown>> = {
  'authorization.orch.io/subjectaccessreviews': { spec: { user: 'matrix-user', resourceAttributes: { verb: 'get', resource: 'configmaps', namespace: ns } } },
  'authorization.orch.io/localsubjectaccessreviews': { metadata: { namespace: ns }, spec: { user: 'matrix-user', resourceAttributes: { verb: 'get', resource: 'configmaps', namespace: ns } } },
  'authorization.orch.io/selfsubjectaccessreviews': { spec: { resourceAttributes: { verb: 'get', resource: 'configmaps', namespace: ns } } },
  'authorization.orch.io/selfsubjectrulesreviews': { spec: { namespace: ns } },
  'authentication.orch.io/tokenreviews': { spec: { token: 'not-a-token' } },
  'authentication.orch.io/selfsubjectreviews': {},
};
