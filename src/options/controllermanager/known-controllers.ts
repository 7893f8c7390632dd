// Every controller of the controller manager as data: the name --controllers spells, whether it
// runs by default, the service account it runs as, and the API resources it needs. It sits in the
// options layer because --controllers is checked and documented against it, and lower than the
// API server, whose bootstrap policy grants each account its role; the controller manager starts
// controllers from it. A controller not written yet is listed too: it waits as a seam.

export interface ApiResourceRef {
  /** '' for the core group. */
  group: string;
  version: string;
  resource: string;
}

export interface ControllerDescriptor {
  /** As --controllers spells it, with the `-controller` suffix. */
  name: string;
  enabledByDefault: boolean;
  /**
   * The service account in orch-system the controller runs as with
   * --use-service-account-credentials; its bootstrap role is system:controller:<serviceAccount>.
   */
  serviceAccount: string;
  /** Resources the controller reads or writes; it cannot run before the server serves them. */
  requires: ApiResourceRef[];
}

const core = (resource: string): ApiResourceRef => ({ group: '', version: 'v1', resource });
const apps = (resource: string): ApiResourceRef => ({ group: 'apps', version: 'v1', resource });
const batch = (resource: string): ApiResourceRef => ({ group: 'batch', version: 'v1', resource });
const certificates = (resource: string): ApiResourceRef => ({ group: 'certificates.orch.io', version: 'v1', resource });
const discovery = (resource: string): ApiResourceRef => ({ group: 'discovery.orch.io', version: 'v1', resource });
const rbac = (resource: string): ApiResourceRef => ({ group: 'rbac.authorization.orch.io', version: 'v1', resource });
const storage = (resource: string): ApiResourceRef => ({ group: 'storage.orch.io', version: 'v1', resource });
const resourceApi = (resource: string): ApiResourceRef => ({ group: 'resource.orch.io', version: 'v1', resource });

const DISABLED_BY_DEFAULT = new Set(['bootstrap-signer', 'selinux-warning', 'token-cleaner']);

/** Accounts that are not `<short name>-controller`, as Kubernetes names them. */
const SERVICE_ACCOUNTS: Record<string, string> = {
  'orch-apiserver-serving-clustertrustbundle-publisher': 'orch-apiserver-serving-clustertrustbundle-publisher',
  'root-ca-certificate-publisher': 'root-ca-certificate-publisher',
  resourceclaim: 'resource-claim-controller',
  'storageversion-garbage-collector': 'storage-version-garbage-collector',
};

// Short name (without the suffix) and required resources, in the spec's order.
const TABLE: Array<[string, ApiResourceRef[]]> = [
  ['bootstrap-signer', [core('secrets'), core('configmaps')]],
  ['certificatesigningrequest-approving', [certificates('certificatesigningrequests')]],
  ['certificatesigningrequest-cleaner', [certificates('certificatesigningrequests')]],
  ['certificatesigningrequest-signing', [certificates('certificatesigningrequests')]],
  ['cloud-node-lifecycle', [core('nodes')]],
  ['clusterrole-aggregation', [rbac('clusterroles')]],
  ['cronjob', [batch('cronjobs'), batch('jobs')]],
  ['daemonset', [apps('daemonsets'), core('pods'), core('nodes')]],
  ['deployment', [apps('deployments'), apps('replicasets'), core('pods')]],
  ['device-taint-eviction', [{ group: 'resource.orch.io', version: 'v1alpha3', resource: 'devicetaintrules' }, resourceApi('resourceslices'), resourceApi('resourceclaims'), core('pods')]],
  ['disruption', [{ group: 'policy', version: 'v1', resource: 'poddisruptionbudgets' }, core('pods')]],
  ['endpoints', [core('endpoints'), core('services'), core('pods')]],
  ['endpointslice', [discovery('endpointslices'), core('services'), core('pods')]],
  ['endpointslice-mirroring', [discovery('endpointslices'), core('endpoints')]],
  ['ephemeral-volume', [core('persistentvolumeclaims'), core('pods')]],
  ['garbage-collector', [core('namespaces')]],
  ['horizontal-pod-autoscaler', [{ group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' }]],
  ['job', [batch('jobs'), core('pods')]],
  ['orch-apiserver-serving-clustertrustbundle-publisher', [{ group: 'certificates.orch.io', version: 'v1beta1', resource: 'clustertrustbundles' }]],
  ['legacy-serviceaccount-token-cleaner', [core('secrets'), core('serviceaccounts')]],
  ['namespace', [core('namespaces')]],
  ['node-ipam', [core('nodes')]],
  ['node-lifecycle', [core('nodes'), core('pods'), { group: 'coordination.orch.io', version: 'v1', resource: 'leases' }]],
  ['node-route', [core('nodes')]],
  ['persistentvolume-attach-detach', [storage('volumeattachments'), core('nodes'), core('pods')]],
  ['persistentvolume-binder', [core('persistentvolumes'), core('persistentvolumeclaims')]],
  ['persistentvolume-expander', [core('persistentvolumeclaims')]],
  ['persistentvolume-protection', [core('persistentvolumes')]],
  ['persistentvolumeclaim-protection', [core('persistentvolumeclaims'), core('pods')]],
  ['pod-garbage-collector', [core('pods'), core('nodes')]],
  ['podcertificaterequest-cleaner', [{ group: 'certificates.orch.io', version: 'v1beta1', resource: 'podcertificaterequests' }]],
  ['replicaset', [apps('replicasets'), core('pods')]],
  ['replicationcontroller', [core('replicationcontrollers'), core('pods')]],
  ['resourceclaim', [resourceApi('resourceclaims'), resourceApi('resourceclaimtemplates'), core('pods')]],
  ['resourcequota', [core('resourcequotas')]],
  ['root-ca-certificate-publisher', [core('configmaps'), core('namespaces')]],
  ['selinux-warning', [core('pods'), core('persistentvolumes')]],
  ['service-cidr', [{ group: 'networking.orch.io', version: 'v1', resource: 'servicecidrs' }]],
  ['service-lb', [core('services'), core('nodes')]],
  ['serviceaccount', [core('serviceaccounts'), core('namespaces')]],
  ['serviceaccount-token', [core('serviceaccounts'), core('secrets')]],
  ['statefulset', [apps('statefulsets'), core('pods')]],
  ['storage-version-migrator', [{ group: 'storagemigration.orch.io', version: 'v1beta1', resource: 'storageversionmigrations' }]],
  ['storageversion-garbage-collector', [{ group: 'internal.apiserver.orch.io', version: 'v1alpha1', resource: 'storageversions' }, { group: 'coordination.orch.io', version: 'v1', resource: 'leases' }]],
  ['taint-eviction', [core('pods'), core('nodes')]],
  ['token-cleaner', [core('secrets')]],
  ['ttl-after-finished', [batch('jobs')]],
  ['ttl', [core('nodes')]],
  ['validatingadmissionpolicy-status', [{ group: 'admissionregistration.orch.io', version: 'v1', resource: 'validatingadmissionpolicies' }]],
  ['volumeattributesclass-protection', [storage('volumeattributesclasses'), core('persistentvolumeclaims')]],
];

export const controllerDescriptors: readonly ControllerDescriptor[] = TABLE.map(([short, requires]) => ({
  name: `${short}-controller`,
  enabledByDefault: !DISABLED_BY_DEFAULT.has(short),
  serviceAccount: SERVICE_ACCOUNTS[short] ?? `${short}-controller`,
  requires,
}));

export const controllerNames: readonly string[] = controllerDescriptors.map((c) => c.name);

/** Errors for --controllers entries that are neither `*`, a known name, nor `-` a known name. */
export function validateControllerList(entries: readonly string[]): string[] {
  const known = new Set(controllerNames);
  const errors: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '*') continue;
    const name = entry.startsWith('-') ? entry.slice(1) : entry;
    if (!known.has(name)) errors.push(`--controllers: ${JSON.stringify(entry)} is not in the list of known controllers`);
  }
  return errors;
}
