// The discovery priorities of the built-in group-versions, Kubernetes' table (kube-apiserver's
// apiVersionPriorities with the generic control plane's), keyed by the Kubernetes group name: the
// orch.io name of a group takes the priority of its k8s.io name. Groups sort by the highest
// groupPriorityMinimum of their versions (higher first), versions within a group by
// versionPriority. A built-in group-version the table does not know gets the group's known
// priority (or, for a group it does not know at all, one below every known group) and version 9,
// the spacing Kubernetes asks new entries to use. A group served under its Kubernetes name as well
// (networking.k8s.io beside networking.orch.io) is one below its orch.io name: equal priorities
// sort by name, which would put the k8s.io name first, and kubectl takes the first group that has
// a resource, while the orch.io name is the primary one. The one exception is certificates: kubectl
// resolves `certificate approve|deny <name>` through the plural `certificatesigningrequests` (the
// first group in discovery that has it) and then refuses any object not of certificates.k8s.io, so
// that group's Kubernetes name sorts one above its orch.io name. `kubectl get csr` still reads the
// orch.io name, the one that carries the short name.
import { canonicalGroup, kubernetesGroupName } from '../registry/generic/alias.ts';

export interface ApiPriority {
  group: number;
  version: number;
}

const TABLE: Readonly<Record<string, ApiPriority>> = {
  'v1': { group: 18000, version: 1 },
  'apiregistration.k8s.io/v1': { group: 18000, version: 15 },
  'apps/v1': { group: 17800, version: 15 },
  'events.k8s.io/v1': { group: 17750, version: 15 },
  'events.k8s.io/v1beta1': { group: 17750, version: 5 },
  'authentication.k8s.io/v1': { group: 17700, version: 15 },
  'authentication.k8s.io/v1beta1': { group: 17700, version: 9 },
  'authentication.k8s.io/v1alpha1': { group: 17700, version: 1 },
  'authorization.k8s.io/v1': { group: 17600, version: 15 },
  'autoscaling/v1': { group: 17500, version: 15 },
  'autoscaling/v2': { group: 17500, version: 30 },
  'autoscaling/v2beta1': { group: 17500, version: 9 },
  'autoscaling/v2beta2': { group: 17500, version: 1 },
  'batch/v1': { group: 17400, version: 15 },
  'batch/v1beta1': { group: 17400, version: 9 },
  'certificates.k8s.io/v1': { group: 17300, version: 15 },
  'certificates.k8s.io/v1beta1': { group: 17300, version: 9 },
  'certificates.k8s.io/v1alpha1': { group: 17300, version: 1 },
  'networking.k8s.io/v1': { group: 17200, version: 15 },
  'networking.k8s.io/v1beta1': { group: 17200, version: 9 },
  'policy/v1': { group: 17100, version: 15 },
  'policy/v1beta1': { group: 17100, version: 9 },
  'rbac.authorization.k8s.io/v1': { group: 17000, version: 15 },
  'storage.k8s.io/v1': { group: 16800, version: 15 },
  'storage.k8s.io/v1beta1': { group: 16800, version: 9 },
  'storage.k8s.io/v1alpha1': { group: 16800, version: 1 },
  'apiextensions.k8s.io/v1': { group: 16700, version: 15 },
  'admissionregistration.k8s.io/v1': { group: 16700, version: 15 },
  'admissionregistration.k8s.io/v1beta1': { group: 16700, version: 12 },
  'admissionregistration.k8s.io/v1alpha1': { group: 16700, version: 9 },
  'scheduling.k8s.io/v1': { group: 16600, version: 15 },
  'coordination.k8s.io/v1': { group: 16500, version: 15 },
  'coordination.k8s.io/v1beta1': { group: 16500, version: 13 },
  'coordination.k8s.io/v1alpha2': { group: 16500, version: 12 },
  'node.k8s.io/v1': { group: 16300, version: 15 },
  'node.k8s.io/v1beta1': { group: 16300, version: 9 },
  'node.k8s.io/v1alpha1': { group: 16300, version: 1 },
  'discovery.k8s.io/v1': { group: 16200, version: 15 },
  'discovery.k8s.io/v1beta1': { group: 16200, version: 12 },
  'resource.k8s.io/v1': { group: 16200, version: 21 },
  'resource.k8s.io/v1beta2': { group: 16200, version: 15 },
  'resource.k8s.io/v1beta1': { group: 16200, version: 9 },
  'resource.k8s.io/v1alpha3': { group: 16200, version: 1 },
  'flowcontrol.apiserver.k8s.io/v1': { group: 16100, version: 21 },
  'flowcontrol.apiserver.k8s.io/v1beta3': { group: 16100, version: 18 },
  'flowcontrol.apiserver.k8s.io/v1beta2': { group: 16100, version: 15 },
  'flowcontrol.apiserver.k8s.io/v1beta1': { group: 16100, version: 12 },
  'flowcontrol.apiserver.k8s.io/v1alpha1': { group: 16100, version: 9 },
  'internal.apiserver.k8s.io/v1alpha1': { group: 16000, version: 9 },
  'storagemigration.k8s.io/v1beta1': { group: 15800, version: 9 },
};

/** Groups whose Kubernetes name kubectl's built-in commands require (see above). */
const KUBERNETES_NAME_FIRST: ReadonlySet<string> = new Set(['certificates.orch.io']);

/** Below every group of the table. */
const UNKNOWN_GROUP_PRIORITY = 15700;
const UNKNOWN_VERSION_PRIORITY = 9;

const keyOf = (group: string, version: string) => (group ? `${kubernetesGroupName(group) ?? group}/${version}` : version);

/** The priority a built-in group-version's local APIService is given. */
export function builtInPriority(group: string, version: string): ApiPriority {
  const canonical = canonicalGroup(group);
  if (canonical !== group) {
    const primary = builtInPriority(canonical, version);
    return { group: primary.group + (KUBERNETES_NAME_FIRST.has(canonical) ? 1 : -1), version: primary.version };
  }
  const known = TABLE[keyOf(group, version)];
  if (known) return known;
  const prefix = group ? `${kubernetesGroupName(group) ?? group}/` : '';
  const sibling = Object.entries(TABLE).find(([k]) => (prefix ? k.startsWith(prefix) : !k.includes('/')));
  return { group: sibling?.[1].group ?? UNKNOWN_GROUP_PRIORITY, version: UNKNOWN_VERSION_PRIORITY };
}

/** A custom resource group-version's priority, as Kubernetes' CRD registration gives it. */
export const CUSTOM_RESOURCE_PRIORITY: ApiPriority = { group: 1000, version: 100 };
