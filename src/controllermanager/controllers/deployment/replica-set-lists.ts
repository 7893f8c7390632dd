// Which of a deployment's replica sets is which, as Kubernetes' deployment util tells them apart:
// the new set is the oldest whose template equals the deployment's once the pod-template-hash
// label is ignored; the others are old; active sets want at least one replica. And the orders
// the controller walks sets in: by creation (name breaking ties), by size for proportional
// scaling (newer first when growing, older first when shrinking), by revision for cleanup.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import type { PodTemplateSpec } from '../../../api/core/v1/pod-types.ts';
import { semanticEqual } from '../../../machinery/equality/semantic.ts';
import { revisionOf } from './annotations.ts';
import { specReplicas } from './replica-math.ts';

export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';

function creationMillis(rs: ReplicaSet): number {
  const t = rs.metadata.creationTimestamp;
  return t ? Date.parse(t) : 0;
}

/** controller.ReplicaSetsByCreationTimestamp: oldest first, then by name. */
export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  const d = creationMillis(a) - creationMillis(b);
  if (d !== 0) return d;
  const an = a.metadata.name ?? '';
  const bn = b.metadata.name ?? '';
  return an < bn ? -1 : an > bn ? 1 : 0;
}

/** controller.ReplicaSetsBySizeNewer: largest first; among equals, newest first. */
export function bySizeNewer(a: ReplicaSet, b: ReplicaSet): number {
  const d = specReplicas(b) - specReplicas(a);
  return d !== 0 ? d : byCreation(b, a);
}

/** controller.ReplicaSetsBySizeOlder: largest first; among equals, oldest first. */
export function bySizeOlder(a: ReplicaSet, b: ReplicaSet): number {
  const d = specReplicas(b) - specReplicas(a);
  return d !== 0 ? d : byCreation(a, b);
}

/** ReplicaSetsByRevision: lowest revision first; among equals, by creation. */
export function byRevision(a: ReplicaSet, b: ReplicaSet): number {
  const ra = revisionOf(a) || 0;
  const rb = revisionOf(b) || 0;
  return ra === rb ? byCreation(a, b) : ra - rb;
}

function withoutHashLabel(t: PodTemplateSpec | undefined): PodTemplateSpec {
  const copy = structuredClone(t ?? {});
  if (copy.metadata?.labels) {
    delete copy.metadata.labels[POD_TEMPLATE_HASH_LABEL];
  }
  return copy;
}

/** EqualIgnoreHash: the templates are semantically equal once pod-template-hash is left out. */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return semanticEqual(withoutHashLabel(a), withoutHashLabel(b));
}

/** FindNewReplicaSet: the oldest set whose template is the deployment's. */
export function findNewReplicaSet(d: Deployment, sets: readonly ReplicaSet[]): ReplicaSet | undefined {
  return [...sets].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));
}

/** FindOldReplicaSets: every set but the new one (all of them, and those with replicas). */
export function findOldReplicaSets(d: Deployment, sets: readonly ReplicaSet[]): { required: ReplicaSet[]; all: ReplicaSet[] } {
  const newRS = findNewReplicaSet(d, sets);
  const all = sets.filter((rs) => !newRS || rs.metadata.uid !== newRS.metadata.uid);
  return { required: all.filter((rs) => specReplicas(rs) !== 0), all };
}

/** controller.FilterActiveReplicaSets. */
export function activeReplicaSets(sets: readonly (ReplicaSet | undefined)[]): ReplicaSet[] {
  return sets.filter((rs): rs is ReplicaSet => rs !== undefined && specReplicas(rs) > 0);
}

/**
 * FindActiveOrLatest: the one set that has replicas, or, when none has, the new set or else the
 * newest old one; undefined when several have replicas.
 */
export function findActiveOrLatest(newRS: ReplicaSet | undefined, oldSets: readonly ReplicaSet[]): ReplicaSet | undefined {
  if (!newRS && oldSets.length === 0) return undefined;
  const newestFirst = [...oldSets].sort((a, b) => byCreation(b, a));
  const active = activeReplicaSets([...newestFirst, newRS]);
  if (active.length === 0) return newRS ?? newestFirst[0];
  if (active.length === 1) return active[0];
  return undefined;
}
