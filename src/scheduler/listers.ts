// The objects besides nodes and pods that scheduling decisions read: namespaces (for namespace
// selectors), the workloads and services whose selectors make a pod's default spread, the claims,
// volumes and storage classes of volume binding, and disruption budgets for preemption. The daemon
// backs them with informers; tests with plain maps.
import type { Namespace } from '../api/core/v1/namespace-types.ts';
import type { ReplicationController } from '../api/core/v1/pod-types.ts';
import type { Service } from '../api/core/v1/service-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../api/core/v1/volume-types.ts';
import type { ReplicaSet, StatefulSet } from '../api/apps/v1/types.ts';
import type { PodDisruptionBudget } from '../api/policy/v1/types.ts';
import type { StorageClass } from '../api/storage/v1/types.ts';

export interface Listers {
  namespace(name: string): Namespace | undefined;
  services(namespace: string): Service[];
  replicationController(namespace: string, name: string): ReplicationController | undefined;
  replicaSet(namespace: string, name: string): ReplicaSet | undefined;
  statefulSet(namespace: string, name: string): StatefulSet | undefined;
  claim(namespace: string, name: string): PersistentVolumeClaim | undefined;
  volume(name: string): PersistentVolume | undefined;
  volumes(): PersistentVolume[];
  storageClass(name: string): StorageClass | undefined;
  disruptionBudgets(namespace: string): PodDisruptionBudget[];
}

/** Objects held in memory, keyed by namespace/name (cluster-scoped: by name). */
export interface ListedObjects {
  namespaces?: Namespace[];
  services?: Service[];
  replicationControllers?: ReplicationController[];
  replicaSets?: ReplicaSet[];
  statefulSets?: StatefulSet[];
  claims?: PersistentVolumeClaim[];
  volumes?: PersistentVolume[];
  storageClasses?: StorageClass[];
  disruptionBudgets?: PodDisruptionBudget[];
}

type Named = { metadata?: { name?: string; namespace?: string } };

/** Listers over arrays that the caller may change in place (tests). */
export function staticListers(objects: ListedObjects): Listers {
  const find = <T extends Named>(items: T[] | undefined, namespace: string | undefined, name: string) =>
    (items ?? []).find((o) => o.metadata?.name === name && (namespace === undefined || o.metadata?.namespace === namespace));
  const inNamespace = <T extends Named>(items: T[] | undefined, namespace: string) => (items ?? []).filter((o) => o.metadata?.namespace === namespace);
  return {
    namespace: (name) => find(objects.namespaces, undefined, name),
    services: (ns) => inNamespace(objects.services, ns),
    replicationController: (ns, name) => find(objects.replicationControllers, ns, name),
    replicaSet: (ns, name) => find(objects.replicaSets, ns, name),
    statefulSet: (ns, name) => find(objects.statefulSets, ns, name),
    claim: (ns, name) => find(objects.claims, ns, name),
    volume: (name) => find(objects.volumes, undefined, name),
    volumes: () => objects.volumes ?? [],
    storageClass: (name) => find(objects.storageClasses, undefined, name),
    disruptionBudgets: (ns) => inNamespace(objects.disruptionBudgets, ns),
  };
}
