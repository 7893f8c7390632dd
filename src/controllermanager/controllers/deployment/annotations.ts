// The annotations the deployment controller keeps on replica sets and deployments, as Kubernetes'
// deployment util keeps them (deployment.kubernetes.io/… there, deployment.orch.io/… here): the
// revision of each replica set and the deployment's current one, the revisions a replica set had
// before it was rolled back to, and the deployment's desired and maximum (desired + surge) size
// when a replica set was last scaled, which proportional scaling reads. kubectl's rollout history
// and undo read the revision under Kubernetes' own key, so the revision is written under both.
import type { Deployment, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { klog } from '../../../component-base/logs/klog.ts';

const log = klog('controllermanager/deployment');

export const REVISION_ANNOTATION = 'deployment.orch.io/revision';
/** The key kubectl rollout history and undo read; kept equal to REVISION_ANNOTATION. */
export const KUBERNETES_REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY_ANNOTATION = 'deployment.orch.io/revision-history';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.orch.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.orch.io/max-replicas';
/** The annotation through which extensions/v1beta1's spec.rollbackTo round-trips. */
export const DEPRECATED_ROLLBACK_TO = 'deprecated.deployment.rollback.to';
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
/** Revision history is cut to this many characters (about a hundred revisions). */
export const MAX_REVISION_HISTORY_CHARS = 2000;

/** Deployment annotations never copied to its replica sets. */
const NOT_COPIED = new Set([
  LAST_APPLIED_ANNOTATION, REVISION_ANNOTATION, KUBERNETES_REVISION_ANNOTATION, REVISION_HISTORY_ANNOTATION,
  'deployment.kubernetes.io/revision-history', DESIRED_REPLICAS_ANNOTATION, 'deployment.kubernetes.io/desired-replicas',
  MAX_REPLICAS_ANNOTATION, 'deployment.kubernetes.io/max-replicas', DEPRECATED_ROLLBACK_TO,
]);

export function skipCopyAnnotation(key: string): boolean {
  return NOT_COPIED.has(key);
}

type Annotated = { metadata: { annotations?: Record<string, string> } };

/** An object's revision: 0 without the annotation; NaN when it is not a number. */
export function revisionOf(obj: Annotated): number {
  const v = obj.metadata.annotations?.[REVISION_ANNOTATION] ?? obj.metadata.annotations?.[KUBERNETES_REVISION_ANNOTATION];
  if (v === undefined) return 0;
  return /^[+-]?\d+$/.test(v) ? Number(v) : NaN;
}

function setRevision(annotations: Record<string, string>, revision: string): void {
  annotations[REVISION_ANNOTATION] = revision;
  annotations[KUBERNETES_REVISION_ANNOTATION] = revision;
}

/** The highest revision among the replica sets (unreadable ones skipped). */
export function maxRevision(sets: readonly ReplicaSet[]): number {
  let max = 0;
  for (const rs of sets) {
    const v = revisionOf(rs);
    if (Number.isNaN(v)) log.info("Couldn't parse revision for replica set", { replicaSet: rs.metadata.name }, 4);
    else if (v > max) max = v;
  }
  return max;
}

/** The second highest revision: what a rollback to "the last revision" goes to. */
export function lastRevision(sets: readonly (ReplicaSet | undefined)[]): number {
  let max = 0;
  let second = 0;
  for (const rs of sets) {
    if (!rs) continue;
    const v = revisionOf(rs);
    if (Number.isNaN(v)) continue;
    if (v >= max) {
      second = max;
      max = v;
    } else if (v > second) {
      second = v;
    }
  }
  return second;
}

/** Sets the deployment's revision annotations; true when they changed. */
export function setDeploymentRevision(d: Deployment, revision: string): boolean {
  const annotations = (d.metadata.annotations ??= {});
  if (annotations[REVISION_ANNOTATION] === revision && annotations[KUBERNETES_REVISION_ANNOTATION] === revision) return false;
  setRevision(annotations, revision);
  return true;
}

/** Copies the deployment's annotations (but the controller's own and kubectl's) onto the replica set. */
export function copyDeploymentAnnotationsToReplicaSet(d: Deployment, rs: ReplicaSet): boolean {
  const annotations = (rs.metadata.annotations ??= {});
  let changed = false;
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (skipCopyAnnotation(k) || annotations[k] === v) continue;
    annotations[k] = v;
    changed = true;
  }
  return changed;
}

/** Whether the replica set's desired/max annotations differ from these. */
export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desired: number, max: number): boolean {
  const a = rs.metadata.annotations;
  return !a || a[DESIRED_REPLICAS_ANNOTATION] !== String(desired) || a[MAX_REPLICAS_ANNOTATION] !== String(max);
}

/** Sets the desired/max annotations; true when they changed. */
export function setReplicasAnnotations(rs: ReplicaSet, desired: number, max: number): boolean {
  const annotations = (rs.metadata.annotations ??= {});
  let changed = false;
  if (annotations[DESIRED_REPLICAS_ANNOTATION] !== String(desired)) {
    annotations[DESIRED_REPLICAS_ANNOTATION] = String(desired);
    changed = true;
  }
  if (annotations[MAX_REPLICAS_ANNOTATION] !== String(max)) {
    annotations[MAX_REPLICAS_ANNOTATION] = String(max);
    changed = true;
  }
  return changed;
}

function intAnnotation(rs: ReplicaSet, key: string): number | undefined {
  const v = rs.metadata.annotations?.[key];
  if (v === undefined) return undefined;
  if (!/^[+-]?\d+$/.test(v) || Math.abs(Number(v)) > 2 ** 31 - 1) {
    log.info('Cannot convert the annotation into an integer', { annotation: key, value: v, replicaSet: rs.metadata.name }, 2);
    return undefined;
  }
  return Number(v);
}

export const desiredReplicasAnnotation = (rs: ReplicaSet) => intAnnotation(rs, DESIRED_REPLICAS_ANNOTATION);
export const maxReplicasAnnotation = (rs: ReplicaSet) => intAnnotation(rs, MAX_REPLICAS_ANNOTATION);

/**
 * SetNewReplicaSetAnnotations: copies the deployment's annotations, raises the revision to
 * `newRevision` when it is higher (remembering the one it had, when this set is rolled back to),
 * and on a set about to be created, the replicas annotations. True when anything changed.
 */
export function setNewReplicaSetAnnotations(d: Deployment, rs: ReplicaSet, newRevision: string, exists: boolean, maxSurge: number): boolean {
  let changed = copyDeploymentAnnotationsToReplicaSet(d, rs);
  const annotations = (rs.metadata.annotations ??= {});
  const hadRevision = Object.hasOwn(annotations, REVISION_ANNOTATION) || Object.hasOwn(annotations, KUBERNETES_REVISION_ANNOTATION);
  const oldRevision = annotations[REVISION_ANNOTATION] ?? annotations[KUBERNETES_REVISION_ANNOTATION] ?? '';
  let oldRevisionInt = 0;
  if (oldRevision !== '') {
    if (!/^[+-]?\d+$/.test(oldRevision)) {
      log.info('Updating replica set revision OldRevision not int', { replicaSet: rs.metadata.name, revision: oldRevision });
      return false;
    }
    oldRevisionInt = Number(oldRevision);
  }
  const newRevisionInt = Number(newRevision);
  if (oldRevisionInt < newRevisionInt) {
    setRevision(annotations, newRevision);
    changed = true;
    log.info('Updating replica set revision', { replicaSet: `${rs.metadata.namespace}/${rs.metadata.name}`, newRevision }, 4);
  } else if (annotations[KUBERNETES_REVISION_ANNOTATION] !== annotations[REVISION_ANNOTATION] && annotations[REVISION_ANNOTATION] !== undefined) {
    // A set written before both keys were kept gets the other one.
    annotations[KUBERNETES_REVISION_ANNOTATION] = annotations[REVISION_ANNOTATION];
    changed = true;
  }
  if (hadRevision && oldRevisionInt < newRevisionInt) {
    appendRevisionHistory(annotations, oldRevision);
  }
  if (!exists) {
    const desired = d.spec?.replicas ?? 1;
    if (setReplicasAnnotations(rs, desired, desired + maxSurge)) changed = true;
  }
  return changed;
}

/** Adds a revision to the comma-separated history, dropping the oldest beyond the length limit. */
function appendRevisionHistory(annotations: Record<string, string>, oldRevision: string): void {
  const history = annotations[REVISION_HISTORY_ANNOTATION] ?? '';
  const old = history.split(',');
  if (old[0]!.length === 0) {
    annotations[REVISION_HISTORY_ANNOTATION] = oldRevision;
    return;
  }
  let total = history.length + oldRevision.length + 1;
  let start = 0;
  while (total > MAX_REVISION_HISTORY_CHARS && start < old.length) {
    total -= old[start]!.length + 1;
    start++;
  }
  if (total <= MAX_REVISION_HISTORY_CHARS) annotations[REVISION_HISTORY_ANNOTATION] = [...old.slice(start), oldRevision].join(',');
  else log.info('Not appending revision due to revision history length limit reached', { revisionHistoryLimit: MAX_REVISION_HISTORY_CHARS });
}
