// The controller manager's table of controllers: every name --controllers accepts, whether it
// runs by default, and the API resources it needs. A controller that is not written yet is a
// seam: it waits, logging once, until the server serves what it needs and an implementation lands.
import type { FlagValues } from '../../options/flag.ts';
import type { ControllerRun } from './controller-runner.ts';
import { namespaceController, namespaceControllerOptions } from '../controllers/namespace/namespace-controller.ts';
import { garbageCollectorController, garbageCollectorOptions } from '../controllers/garbagecollector/garbage-collector-controller.ts';
import { serviceAccountsController } from '../controllers/serviceaccount/serviceaccounts-controller.ts';
import { rootCACertPublisher } from '../controllers/rootcacertpublisher/publisher.ts';
import { rootCAPublisherOptions } from '../controllers/rootcacertpublisher/options.ts';
import { clusterRoleAggregationController } from '../controllers/clusterroleaggregation/aggregation-controller.ts';

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
  ['deployment', [apps('deployments'), apps('replicasets')]],
  ['device-taint-eviction', [resourceApi('resourceclaims'), core('pods')]],
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
  ['podcertificaterequest-cleaner', [{ group: 'certificates.orch.io', version: 'v1alpha1', resource: 'podcertificaterequests' }]],
  ['replicaset', [apps('replicasets'), core('pods')]],
  ['replicationcontroller', [core('replicationcontrollers'), core('pods')]],
  ['resourceclaim', [resourceApi('resourceclaims'), core('pods')]],
  ['resourcequota', [core('resourcequotas')]],
  ['root-ca-certificate-publisher', [core('configmaps'), core('namespaces')]],
  ['selinux-warning', [core('pods'), core('persistentvolumes')]],
  ['service-cidr', [{ group: 'networking.orch.io', version: 'v1', resource: 'servicecidrs' }]],
  ['service-lb', [core('services'), core('nodes')]],
  ['serviceaccount', [core('serviceaccounts'), core('namespaces')]],
  ['serviceaccount-token', [core('serviceaccounts'), core('secrets')]],
  ['statefulset', [apps('statefulsets'), core('pods')]],
  ['storage-version-migrator', [{ group: 'storagemigration.orch.io', version: 'v1alpha1', resource: 'storageversionmigrations' }]],
  ['storageversion-garbage-collector', [{ group: 'internal.apiserver.orch.io', version: 'v1alpha1', resource: 'storageversions' }]],
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

/**
 * Whether --controllers enables a controller, as Kubernetes decides it: an explicit `-name` wins,
 * then an explicit `name`, then `*` for controllers on by default.
 */
export function isControllerEnabled(name: string, entries: readonly string[]): boolean {
  const trimmed = entries.map((e) => e.trim());
  if (trimmed.includes(`-${name}`)) return false;
  if (trimmed.includes(name)) return true;
  const descriptor = controllerDescriptors.find((c) => c.name === name);
  return trimmed.includes('*') && Boolean(descriptor?.enabledByDefault);
}

/** The controllers --controllers enables, in table order. */
export function enabledControllers(entries: readonly string[]): ControllerDescriptor[] {
  return controllerDescriptors.filter((c) => isControllerEnabled(c.name, entries));
}

/** Builds a controller's implementation from the parsed options. */
export type ControllerConstructor = (values: FlagValues) => ControllerRun;

/** The controllers written so far, by name; every other enabled name is a seam. */
export const controllerConstructors: Readonly<Record<string, ControllerConstructor>> = {
  'namespace-controller': (values) => namespaceController(namespaceControllerOptions(values)),
  'garbage-collector-controller': (values) => garbageCollectorController(garbageCollectorOptions(values)),
  'serviceaccount-controller': () => serviceAccountsController(),
  'root-ca-certificate-publisher-controller': (values) => rootCACertPublisher(rootCAPublisherOptions(values)),
  'clusterrole-aggregation-controller': () => clusterRoleAggregationController(),
};

/** The implementations for a run, built from its options. */
export function controllerImplementations(values: FlagValues): Record<string, ControllerRun> {
  return Object.fromEntries(Object.entries(controllerConstructors).map(([name, build]) => [name, build(values)]));
}
