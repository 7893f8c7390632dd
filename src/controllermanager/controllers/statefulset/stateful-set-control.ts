// One sync of a stateful set, as Kubernetes' defaultStatefulSetControl runs it. The pods are split
// into replicas (ordinals in range, missing ones made at the right revision) and condemned (out of
// range, highest first). Each replica is then brought about: a failed or finished one deleted, a
// missing one created with its claims, a pending one given missing claims, and identity, storage
// and claim ownership restored. With OrderedReady this goes one ordinal at a time and stops at the
// first pod not yet running, ready and available; with Parallel all at once in slow-start batches.
// Condemned pods then get their claims' references and are deleted, highest first (OrderedReady:
// one at a time, only once every replica is healthy). Last comes the update: OnDelete does
// nothing; RollingUpdate deletes pods at the old revision from the highest ordinal down to the
// partition, at most maxUnavailable unavailable at once. The status is written whenever it
// changed, even when a step failed, and revisions past the history limit are pruned.
import type { ControllerRevision, StatefulSet, StatefulSetStatus } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { History } from '../history/controller-history.ts';
import { sortRevisions } from '../history/revisions.ts';
import { slowStartBatch } from '../workload/slow-start.ts';
import { endOrdinal, identityMatches, newVersionedStatefulSetPod, ordinalOf, podInOrdinalRange, podRevision, replicasOf, startOrdinal, storageMatches } from './identity.ts';
import { isCreated, isFailed, isPending, isRunningAndAvailable, isRunningAndReady, isSucceeded, isTerminating, isUnavailable } from './pod-phase.ts';
import { completeRollingUpdate, inconsistentStatus, maxUnavailableOf, recount } from './replica-status.ts';
import { applyRevision, setRevisions, truncateHistory } from './set-revisions.ts';
import type { StatefulPodControl } from './stateful-pod-control.ts';

const log = klog('controllermanager/statefulset');

export interface StatusWriter {
  /** Writes `status` as the set's status (UpdateStatus, retried on conflict). */
  updateStatus(set: StatefulSet, status: StatefulSetStatus): Promise<void>;
}

/** Errors of several steps, reported together as Kubernetes' aggregate does. */
function aggregate(errors: unknown[]): unknown {
  const real = errors.filter((e) => e !== undefined);
  if (real.length <= 1) return real[0];
  return new Error(`[${real.map((e) => (e instanceof Error ? e.message : String(e))).join(', ')}]`);
}

const key = (set: StatefulSet) => `${set.metadata.namespace}/${set.metadata.name}`;

export class StatefulSetControl {
  private readonly podControl: StatefulPodControl;
  private readonly history: History;
  private readonly statusWriter: StatusWriter;
  private readonly clock: Clock;

  constructor(podControl: StatefulPodControl, history: History, statusWriter: StatusWriter, clock: Clock) {
    this.podControl = podControl;
    this.history = history;
    this.statusWriter = statusWriter;
    this.clock = clock;
  }

  listRevisions(set: StatefulSet): ControllerRevision[] {
    return this.history.list(set, set.spec?.selector);
  }

  /** UpdateStatefulSet: one sync; resolves with the status computed, throws what failed. */
  async updateStatefulSet(original: StatefulSet, pods: Pod[]): Promise<StatefulSetStatus | undefined> {
    const set = structuredClone(original);
    const revisions = sortRevisions(this.listRevisions(set));
    let current: ControllerRevision | undefined;
    let update: ControllerRevision | undefined;
    let status: StatefulSetStatus | undefined;
    let failure: unknown;
    try {
      const found = await setRevisions(set, revisions, this.history);
      ({ current, update } = found);
      const outcome = await this.syncReplicas(set, found.current, found.update, found.collisionCount, pods);
      status = outcome.status;
      let statusError: unknown;
      try {
        await this.writeStatus(set, status);
        log.info('Updated status', { statefulSet: key(set), replicas: status.replicas, readyReplicas: status.readyReplicas, currentReplicas: status.currentReplicas, updatedReplicas: status.updatedReplicas }, 4);
      } catch (err) {
        statusError = err;
        if (outcome.error) log.error('Could not update status', { statefulSet: key(set), err: (err as Error).message });
      }
      failure = outcome.error ?? statusError;
    } catch (err) {
      failure = err;
    }
    let truncateError: unknown;
    try {
      await truncateHistory(set, pods, revisions, current, update, this.history);
    } catch (err) {
      truncateError = err;
    }
    const error = aggregate([failure, truncateError]);
    if (error) throw error;
    return status;
  }

  /** updateStatefulSetStatus: completes a finished rolling update and writes the status if it differs. */
  private async writeStatus(set: StatefulSet, status: StatefulSetStatus): Promise<void> {
    completeRollingUpdate(set, status);
    if (!inconsistentStatus(set, status)) return;
    await this.statusWriter.updateStatus(structuredClone(set), status);
  }

  /** The set's updateStatefulSet: acts on the pods and returns the status, with the error of the step that failed. */
  private async syncReplicas(set: StatefulSet, current: ControllerRevision, update: ControllerRevision, collisionCount: number, pods: Pod[]): Promise<{ status: StatefulSetStatus; error?: unknown }> {
    const now = this.clock.now();
    const currentSet = applyRevision(set, current);
    const updateSet = applyRevision(set, update);
    const minReadySeconds = set.spec?.minReadySeconds ?? 0;
    const status: StatefulSetStatus = {
      observedGeneration: set.metadata.generation,
      replicas: 0,
      currentRevision: current.metadata.name,
      updateRevision: update.metadata.name,
      collisionCount,
    };
    recount(status, pods, minReadySeconds, current, update, now);

    const start = startOrdinal(set);
    const replicas: Pod[] = new Array(replicasOf(set));
    const condemned: Pod[] = [];
    for (const pod of pods) {
      if (podInOrdinalRange(pod, set)) replicas[ordinalOf(pod) - start] = pod;
      else if (ordinalOf(pod) >= 0) condemned.push(pod);
    }
    for (let ordinal = start; ordinal <= endOrdinal(set); ordinal++) {
      replicas[ordinal - start] ??= newVersionedStatefulSetPod(currentSet, updateSet, current.metadata.name ?? '', update.metadata.name ?? '', ordinal);
    }
    condemned.sort((a, b) => ordinalOf(b) - ordinalOf(a));

    let firstUnavailable: Pod | undefined;
    let unavailable = 0;
    for (const pod of [...replicas, ...[...condemned].reverse()]) {
      if (!isUnavailable(pod, minReadySeconds, now)) continue;
      unavailable++;
      firstUnavailable ??= pod;
    }
    if (unavailable > 0) log.info('StatefulSet has unavailable Pods', { statefulSet: key(set), unavailableReplicas: unavailable, pod: firstUnavailable?.metadata.name }, 4);

    const done = (error?: unknown) => {
      recount(status, [...replicas, ...condemned], minReadySeconds, current, update, this.clock.now());
      return { status, error };
    };
    // A set being deleted only has its status brought up to date.
    if (set.metadata.deletionTimestamp) return { status };
    const monotonic = set.spec?.podManagementPolicy !== 'Parallel';

    try {
      if (await this.runForAll(replicas, (i) => this.processReplica(set, updateSet, monotonic, replicas, i, now), monotonic)) return done();
      const fixClaims = async (i: number) => {
        if (!this.podControl.claimsMatchRetentionPolicy(updateSet, condemned[i]!)) await this.podControl.updatePodClaimsForRetentionPolicy(updateSet, condemned[i]!);
        return false;
      };
      if (await this.runForAll(condemned, fixClaims, monotonic)) return done();
      if (await this.runForAll(condemned, (i) => this.processCondemned(set, firstUnavailable, monotonic, condemned, i, now), monotonic)) return done();
    } catch (err) {
      return done(err);
    }
    recount(status, [...replicas, ...condemned], minReadySeconds, current, update, this.clock.now());
    if (set.spec?.updateStrategy?.type === 'OnDelete') return { status };
    try {
      await this.rollingUpdate(set, replicas, update, status, now);
    } catch (err) {
      return { status, error: err };
    }
    return { status };
  }

  /** runForAll: one at a time, stopping where asked (monotonic), else all in slow-start batches; true to stop the sync. */
  private async runForAll(pods: Pod[], fn: (i: number) => Promise<boolean>, monotonic: boolean): Promise<boolean> {
    if (monotonic) {
      for (let i = 0; i < pods.length; i++) if (await fn(i)) return true;
      return false;
    }
    let next = 0;
    const result = await slowStartBatch(pods.length, 1, async () => {
      await fn(next++);
    });
    if (result.error !== undefined) throw result.error;
    return false;
  }

  /** processReplica: true when an OrderedReady set must wait for this pod. */
  private async processReplica(set: StatefulSet, updateSet: StatefulSet, monotonic: boolean, replicas: Pod[], i: number, now: number): Promise<boolean> {
    const pod = replicas[i]!;
    const minReadySeconds = set.spec?.minReadySeconds ?? 0;
    // A finished pod (failed, or succeeded as an evicted pod may) is made again once it is gone.
    if (isFailed(pod) || isSucceeded(pod)) {
      if (!pod.metadata.deletionTimestamp) await this.podControl.deleteStatefulPod(set, pod);
      return true;
    }
    if (!isCreated(pod)) {
      // A claim still owned by an older pod of this name must go first.
      if (this.podControl.podClaimIsStale(set, pod)) return true;
      await this.podControl.createStatefulPod(set, pod);
      if (monotonic) return true;
    }
    if (isPending(pod)) {
      log.info('StatefulSet is triggering PVC creation for pending Pod', { statefulSet: key(set), pod: pod.metadata.name }, 4);
      await this.podControl.createMissingClaims(set, pod);
    }
    if (isTerminating(pod) && monotonic) {
      log.info('StatefulSet is waiting for Pod to Terminate', { statefulSet: key(set), pod: pod.metadata.name }, 4);
      return true;
    }
    if (!isRunningAndReady(pod) && monotonic) {
      log.info('StatefulSet is waiting for Pod to be Running and Ready', { statefulSet: key(set), pod: pod.metadata.name }, 4);
      return true;
    }
    if (!isRunningAndAvailable(pod, minReadySeconds, now) && monotonic) {
      log.info('StatefulSet is waiting for Pod to be Available', { statefulSet: key(set), pod: pod.metadata.name }, 4);
      return true;
    }
    // A pod just created here has no uid yet: its claims are checked on a later sync.
    const retentionMatch = !isCreated(pod) || this.podControl.claimsMatchRetentionPolicy(updateSet, pod);
    if (identityMatches(set, pod) && storageMatches(set, pod) && retentionMatch) return false;
    await this.podControl.updateStatefulPod(updateSet, pod);
    return false;
  }

  /** processCondemned: true when an OrderedReady set must wait before deleting further. */
  private async processCondemned(set: StatefulSet, firstUnavailable: Pod | undefined, monotonic: boolean, condemned: Pod[], i: number, now: number): Promise<boolean> {
    const pod = condemned[i]!;
    if (isTerminating(pod)) {
      if (monotonic) log.info('StatefulSet is waiting for Pod to Terminate prior to scale down', { statefulSet: key(set), pod: pod.metadata.name }, 4);
      return monotonic;
    }
    if (!isRunningAndReady(pod) && monotonic && pod !== firstUnavailable) {
      log.info('StatefulSet is waiting for Pod to be Running and Ready prior to scale down', { statefulSet: key(set), pod: firstUnavailable?.metadata.name }, 4);
      return true;
    }
    if (!isRunningAndAvailable(pod, set.spec?.minReadySeconds ?? 0, now) && monotonic && pod !== firstUnavailable) {
      log.info('StatefulSet is waiting for Pod to be Available prior to scale down', { statefulSet: key(set), pod: firstUnavailable?.metadata.name }, 4);
      return true;
    }
    log.info('Pod of StatefulSet is terminating for scale down', { statefulSet: key(set), pod: pod.metadata.name }, 2);
    await this.podControl.deleteStatefulPod(set, pod);
    return true;
  }

  /**
   * updateStatefulSetAfterInvariantEstablished: with no more than maxUnavailable replicas
   * unavailable, deletes old-revision pods from the highest ordinal down to the partition until
   * maxUnavailable would be reached.
   */
  private async rollingUpdate(set: StatefulSet, replicas: Pod[], update: ControllerRevision, status: StatefulSetStatus, now: number): Promise<void> {
    const minReadySeconds = set.spec?.minReadySeconds ?? 0;
    const partition = set.spec?.updateStrategy?.rollingUpdate?.partition ?? 0;
    const maxUnavailable = set.spec?.updateStrategy?.rollingUpdate ? maxUnavailableOf(set) : 1;
    const unavailable = replicas.filter((pod) => isUnavailable(pod, minReadySeconds, now)).length;
    if (unavailable > maxUnavailable) {
      log.info('StatefulSet found unavailablePods, more than the allowed maxUnavailable', { statefulSet: key(set), unavailablePods: unavailable, maxUnavailable }, 4);
      return;
    }
    const toDelete = maxUnavailable - unavailable;
    let deleted = 0;
    for (let target = replicas.length - 1; target >= partition && deleted < toDelete; target--) {
      const pod = replicas[target]!;
      if (podRevision(pod) === update.metadata.name || isTerminating(pod)) continue;
      log.info('StatefulSet terminating Pod for update', { statefulSet: key(set), pod: pod.metadata.name }, 2);
      try {
        await this.podControl.deleteStatefulPod(set, pod);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      deleted++;
      status.currentReplicas = (status.currentReplicas ?? 0) - 1;
    }
  }
}
