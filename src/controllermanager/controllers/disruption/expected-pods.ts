// How many pods a budget expects, as Kubernetes' disruption controller finds it. With an integer
// minAvailable, the pods it selects; with maxUnavailable or a percentage minAvailable, the sum of
// the scales of the controllers of those pods: replication controllers, deployments (through
// their replica sets), replica sets no deployment controls and stateful sets from the caches,
// anything else through its scale subresource. A pod without a controller is unmanaged (reported,
// not counted); a pod whose controller cannot be found fails the sync.
import type { Deployment, ReplicaSet, StatefulSet } from '../../../api/apps/v1/types.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import type { Pod, ReplicationController } from '../../../api/core/v1/pod-types.ts';
import type { PodDisruptionBudget } from '../../../api/policy/v1/types.ts';
import type { Indexer } from '../../../client/cache/store.ts';
import { scaledValueFromIntOrPercent } from '../../../machinery/intstr/scaled-value.ts';
import { controllerRefOf } from '../workload/pod-state.ts';

export interface ControllerScale {
  uid: string;
  scale: number;
}

/** Reads a scale subresource for controllers the caches do not hold. */
export interface ScaleReader {
  /** The controller's scale; undefined when it is not found; throws when its kind has no scale subresource. */
  scaleOf(ref: OwnerReference, namespace: string): Promise<ControllerScale | undefined>;
}

export interface WorkloadCaches {
  replicationControllers: Indexer<ReplicationController>;
  replicaSets: Indexer<ReplicaSet>;
  deployments: Indexer<Deployment>;
  statefulSets: Indexer<StatefulSet>;
}

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** verifyGroupKind: the reference names this kind in one of these groups. */
function isKind(ref: OwnerReference, kind: string, groups: readonly string[]): boolean {
  return ref.kind === kind && groups.includes(groupOf(ref.apiVersion));
}

type Finder = (ref: OwnerReference, namespace: string) => Promise<ControllerScale | undefined> | ControllerScale | undefined;

/** The finders in Kubernetes' order: the caches first, the scale subresource last. */
function finders(caches: WorkloadCaches, scales: ScaleReader): Finder[] {
  const cached = <T extends { metadata: { uid?: string } }>(indexer: Indexer<T>, ref: OwnerReference, namespace: string) => {
    const obj = indexer.get(`${namespace}/${ref.name}`);
    return obj && obj.metadata.uid === ref.uid ? obj : undefined;
  };
  return [
    (ref, ns) => {
      if (!isKind(ref, 'ReplicationController', [''])) return undefined;
      const rc = cached(caches.replicationControllers, ref, ns);
      return rc && { uid: rc.metadata.uid ?? '', scale: rc.spec?.replicas ?? 1 };
    },
    (ref, ns) => {
      if (!isKind(ref, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
      const rs = cached(caches.replicaSets, ref, ns);
      const owner = rs && controllerRefOf(rs);
      if (!owner || !isKind(owner, 'Deployment', ['apps', 'extensions'])) return undefined;
      const deployment = cached(caches.deployments, owner, ns);
      return deployment && { uid: deployment.metadata.uid ?? '', scale: deployment.spec?.replicas ?? 1 };
    },
    (ref, ns) => {
      if (!isKind(ref, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
      const rs = cached(caches.replicaSets, ref, ns);
      // A replica set of a deployment counts through its deployment.
      if (!rs || controllerRefOf(rs)?.kind === 'Deployment') return undefined;
      return { uid: rs.metadata.uid ?? '', scale: rs.spec?.replicas ?? 1 };
    },
    (ref, ns) => {
      if (!isKind(ref, 'StatefulSet', ['apps'])) return undefined;
      const set = cached(caches.statefulSets, ref, ns);
      return set && { uid: set.metadata.uid ?? '', scale: set.spec?.replicas ?? 1 };
    },
    (ref, ns) => scales.scaleOf(ref, ns),
  ];
}

export interface ExpectedScale {
  expectedCount: number;
  unmanagedPods: string[];
}

/** getExpectedScale: the sum of the scales of the pods' controllers, each counted once. */
export async function expectedScale(pods: readonly Pod[], caches: WorkloadCaches, scales: ScaleReader): Promise<ExpectedScale> {
  const byController = new Map<string, number>();
  const unmanagedPods: string[] = [];
  for (const pod of pods) {
    const ref = controllerRefOf(pod);
    if (!ref) {
      unmanagedPods.push(pod.metadata.name ?? '');
      continue;
    }
    if (byController.has(ref.uid)) continue;
    let found: ControllerScale | undefined;
    for (const find of finders(caches, scales)) {
      found = await find(ref, pod.metadata.namespace ?? '');
      if (found) break;
    }
    if (!found) throw new Error(`found no controllers for pod ${JSON.stringify(pod.metadata.name)}`);
    byController.set(found.uid, found.scale);
  }
  let expectedCount = 0;
  for (const scale of byController.values()) expectedCount += scale;
  return { expectedCount, unmanagedPods };
}

export interface ExpectedPods {
  expectedCount: number;
  desiredHealthy: number;
  unmanagedPods: string[];
}

/** getExpectedPodCount: expected pods and the healthy pods the budget asks for. */
export async function expectedPodCount(pdb: PodDisruptionBudget, pods: readonly Pod[], caches: WorkloadCaches, scales: ScaleReader): Promise<ExpectedPods> {
  const { maxUnavailable, minAvailable } = pdb.spec ?? {};
  if (maxUnavailable !== undefined && maxUnavailable !== null) {
    const { expectedCount, unmanagedPods } = await expectedScale(pods, caches, scales);
    const unavailable = scaledValueFromIntOrPercent(maxUnavailable, expectedCount, true);
    return { expectedCount, desiredHealthy: Math.max(0, expectedCount - unavailable), unmanagedPods };
  }
  if (minAvailable !== undefined && minAvailable !== null) {
    if (typeof minAvailable === 'number') return { expectedCount: pods.length, desiredHealthy: minAvailable, unmanagedPods: [] };
    const { expectedCount, unmanagedPods } = await expectedScale(pods, caches, scales);
    return { expectedCount, desiredHealthy: scaledValueFromIntOrPercent(minAvailable, expectedCount, true), unmanagedPods };
  }
  return { expectedCount: 0, desiredHealthy: 0, unmanagedPods: [] };
}
