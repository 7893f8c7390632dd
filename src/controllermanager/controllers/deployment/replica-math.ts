// The arithmetic of a rollout, as Kubernetes' deployment util does it: maxSurge and
// maxUnavailable resolved against the desired replicas (surge rounded up, unavailability down,
// and never both zero), how far the new replica set may grow, what share of a scaling each
// active replica set takes, and the sums of replica counts over a deployment's sets.
import type { Deployment, IntOrString, ReplicaSet } from '../../../api/apps/v1/types.ts';
import { desiredReplicasAnnotation, maxReplicasAnnotation } from './annotations.ts';

export const MAX_INT32 = 2 ** 31 - 1;

export const desiredReplicas = (d: Deployment): number => d.spec?.replicas ?? 1;
export const specReplicas = (rs: ReplicaSet | undefined): number => rs?.spec?.replicas ?? 0;
export const isRollingUpdate = (d: Deployment): boolean => d.spec?.strategy?.type === 'RollingUpdate';
export const isRecreate = (d: Deployment): boolean => d.spec?.strategy?.type === 'Recreate';

/** intstr.GetScaledValueFromIntOrPercent. */
export function scaledValue(value: IntOrString | undefined, total: number, roundUp: boolean): number {
  if (value === undefined) return 0;
  if (typeof value === 'number') return value;
  const m = /^(-?\d+)%$/.exec(value);
  if (!m) throw new Error(`invalid value for IntOrString: invalid type: string is not a percentage`);
  const scaled = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/** ResolveFenceposts: [surge, unavailable] for the desired replicas; both zero makes unavailable 1. */
export function resolveFenceposts(maxSurge: IntOrString | undefined, maxUnavailable: IntOrString | undefined, desired: number): [number, number] {
  const surge = scaledValue(maxSurge ?? 0, desired, true);
  let unavailable = scaledValue(maxUnavailable ?? 0, desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return [surge, unavailable];
}

export function maxSurge(d: Deployment): number {
  if (!isRollingUpdate(d)) return 0;
  const ru = d.spec?.strategy?.rollingUpdate;
  return resolveFenceposts(ru?.maxSurge, ru?.maxUnavailable, desiredReplicas(d))[0];
}

export function maxUnavailable(d: Deployment): number {
  const desired = desiredReplicas(d);
  if (!isRollingUpdate(d) || desired === 0) return 0;
  const ru = d.spec?.strategy?.rollingUpdate;
  const unavailable = resolveFenceposts(ru?.maxSurge, ru?.maxUnavailable, desired)[1];
  return Math.min(unavailable, desired);
}

export const sumSpecReplicas = (sets: readonly (ReplicaSet | undefined)[]): number => sets.reduce((n, rs) => n + (rs ? specReplicas(rs) : 0), 0);
export const sumActualReplicas = (sets: readonly (ReplicaSet | undefined)[]): number => sets.reduce((n, rs) => n + (rs?.status?.replicas ?? 0), 0);
export const sumReadyReplicas = (sets: readonly (ReplicaSet | undefined)[]): number => sets.reduce((n, rs) => n + (rs?.status?.readyReplicas ?? 0), 0);
export const sumAvailableReplicas = (sets: readonly (ReplicaSet | undefined)[]): number => sets.reduce((n, rs) => n + (rs?.status?.availableReplicas ?? 0), 0);

/** Terminating pods over the sets; undefined when a set does not report them. */
export function sumTerminatingReplicas(sets: readonly (ReplicaSet | undefined)[]): number | undefined {
  let total = 0;
  for (const rs of sets) {
    if (!rs) continue;
    const n = rs.status?.terminatingReplicas;
    if (n === undefined || n === null) return undefined;
    total += n;
  }
  return total;
}

/** NewRSNewReplicas: how many replicas the new replica set should have now. */
export function newRSNewReplicas(d: Deployment, allSets: readonly (ReplicaSet | undefined)[], newRS: ReplicaSet): number {
  const desired = desiredReplicas(d);
  if (isRollingUpdate(d)) {
    const surge = scaledValue(d.spec?.strategy?.rollingUpdate?.maxSurge ?? 0, desired, true);
    const current = sumSpecReplicas(allSets);
    const maxTotal = desired + surge;
    if (current >= maxTotal) return specReplicas(newRS);
    const scaleUp = Math.min(maxTotal - current, desired - specReplicas(newRS));
    return specReplicas(newRS) + scaleUp;
  }
  if (isRecreate(d)) return desired;
  throw new Error(`deployment type ${d.spec?.strategy?.type} isn't supported`);
}

/** IsSaturated: the set has all the deployment's replicas, wants them and has them available. */
export function isSaturated(d: Deployment, rs: ReplicaSet | undefined): boolean {
  if (!rs) return false;
  const desired = desiredReplicas(d);
  return specReplicas(rs) === desired && desiredReplicasAnnotation(rs) === desired && (rs.status?.availableReplicas ?? 0) === desired;
}

/** Go's math.Round: halves away from zero. */
const roundHalfAway = (x: number): number => Math.sign(x) * Math.round(Math.abs(x));

/** The change in size a set would get if the deployment's new maximum were spread in proportion. */
function replicaSetFraction(rs: ReplicaSet, d: Deployment, deploymentReplicas: number): number {
  if (desiredReplicas(d) === 0) return -specReplicas(rs);
  const deploymentMax = desiredReplicas(d) + maxSurge(d);
  let annotated = maxReplicasAnnotation(rs);
  // Without the annotation the deployment's last known size stands in; it is never 0 here.
  if (annotated === undefined || annotated === 0) annotated = deploymentReplicas;
  if (annotated === 0) return 0;
  return roundHalfAway((specReplicas(rs) * deploymentMax) / annotated) - specReplicas(rs);
}

/** GetReplicaSetProportion: the share of `toAdd` this set takes, given `added` so far. */
export function replicaSetProportion(rs: ReplicaSet | undefined, d: Deployment, toAdd: number, added: number): number {
  if (!rs || specReplicas(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(rs, d, d.status?.replicas ?? 0);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

export function hasProgressDeadline(d: Deployment): boolean {
  const s = d.spec?.progressDeadlineSeconds;
  return s !== undefined && s !== null && s !== MAX_INT32;
}

export function hasRevisionHistoryLimit(d: Deployment): boolean {
  const l = d.spec?.revisionHistoryLimit;
  return l !== undefined && l !== null && l !== MAX_INT32;
}
