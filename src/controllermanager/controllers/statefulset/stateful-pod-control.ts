// Creating, updating and deleting a stateful set's pods and claims, as Kubernetes'
// StatefulPodControl does: a pod's claims are made before the pod, the claims' owner references
// follow the retention policy, an update restores the pod's identity and storage (retried on
// conflict from the cache), and every act is an event on the set: SuccessfulCreate "create Pod
// web-0 in StatefulSet web successful", "create Claim data-web-0 Pod web-0 in StatefulSet web
// success", FailedCreate "… failed error: …", and the same for update and delete. The reads and
// writes go through an ObjectManager, so the decisions can be tested without a server.
import type { StatefulSet } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim } from '../../../api/core/v1/volume-types.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { isAlreadyExists, isConflict } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { claimName, identityMatches, ordinalOf, podClaims, POD_KIND, STATEFUL_SET_KIND, storageMatches, updateIdentity, updateStorage } from './identity.ts';
import { hasStaleOwnerRef, hasUnexpectedController, isClaimOwnerUpToDate, retentionPolicy, updateClaimOwnerRefs } from './claim-retention.ts';

const log = klog('controllermanager/statefulset');

/** Conflicts an update retries (client-go's DefaultBackoff: five steps). */
const UPDATE_ATTEMPTS = 5;

/** Reads (from caches) and writes (to the server) of pods and claims. */
export interface ObjectManager {
  createPod(pod: Pod): Promise<void>;
  /** The cached pod, or undefined. */
  getPod(namespace: string, name: string): Pod | undefined;
  updatePod(pod: Pod): Promise<void>;
  deletePod(pod: Pod): Promise<void>;
  createClaim(claim: PersistentVolumeClaim): Promise<void>;
  /** The cached claim, or undefined. */
  getClaim(namespace: string, name: string): PersistentVolumeClaim | undefined;
  updateClaim(claim: PersistentVolumeClaim): Promise<void>;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const title = (verb: string) => verb[0]!.toUpperCase() + verb.slice(1);

function setRef(set: StatefulSet) {
  return { ...STATEFUL_SET_KIND, metadata: set.metadata };
}

export class StatefulPodControl {
  private readonly objects: ObjectManager;
  private readonly recorder: EventRecorder;

  constructor(objects: ObjectManager, recorder: EventRecorder) {
    this.objects = objects;
    this.recorder = recorder;
  }

  async createStatefulPod(set: StatefulSet, pod: Pod): Promise<void> {
    try {
      await this.createClaims(set, pod);
    } catch (err) {
      this.recordPodEvent('create', set, pod, err);
      throw err;
    }
    try {
      await this.objects.createPod(pod);
    } catch (err) {
      // A pod already there is not worth an event.
      if (!isAlreadyExists(err)) this.recordPodEvent('create', set, pod, err);
      throw err;
    }
    try {
      await this.updatePodClaimsForRetentionPolicy(set, pod);
    } catch (err) {
      this.recordPodEvent('update', set, pod, err);
      throw err;
    }
    this.recordPodEvent('create', set, pod, undefined);
  }

  /** UpdateStatefulPod: restores identity, storage and claim ownership, committing the pod if it changed. */
  async updateStatefulPod(set: StatefulSet, original: Pod): Promise<void> {
    let pod = structuredClone(original);
    let attempted = false;
    let failure: unknown;
    for (let attempt = 1; ; attempt++) {
      let consistent = true;
      if (!identityMatches(set, pod)) {
        updateIdentity(set, pod);
        consistent = false;
      }
      try {
        if (!storageMatches(set, pod)) {
          updateStorage(set, pod);
          consistent = false;
          await this.createClaims(set, pod);
        }
        if (!this.claimsMatchRetentionPolicy(set, pod)) {
          await this.updatePodClaimsForRetentionPolicy(set, pod);
          consistent = false;
        }
      } catch (err) {
        this.recordPodEvent('update', set, pod, err);
        throw err;
      }
      if (consistent) break;
      attempted = true;
      try {
        await this.objects.updatePod(pod);
        failure = undefined;
        break;
      } catch (err) {
        failure = err;
        const cached = this.objects.getPod(set.metadata.namespace ?? '', pod.metadata.name ?? '');
        if (cached) pod = structuredClone(cached);
        if (!isConflict(err) || attempt >= UPDATE_ATTEMPTS) break;
      }
    }
    if (attempted) this.recordPodEvent('update', set, pod, failure);
    if (failure) throw failure;
  }

  async deleteStatefulPod(set: StatefulSet, pod: Pod): Promise<void> {
    try {
      await this.objects.deletePod(pod);
    } catch (err) {
      this.recordPodEvent('delete', set, pod, err);
      throw err;
    }
    this.recordPodEvent('delete', set, pod, undefined);
  }

  /** ClaimsMatchRetentionPolicy: every existing claim of the pod has the references the policy asks for. */
  claimsMatchRetentionPolicy(set: StatefulSet, pod: Pod): boolean {
    const ordinal = ordinalOf(pod);
    for (const template of set.spec?.volumeClaimTemplates ?? []) {
      const claim = this.objects.getClaim(set.metadata.namespace ?? '', claimName(set, template, ordinal));
      if (claim && !isClaimOwnerUpToDate(claim, set, pod)) return false;
    }
    return true;
  }

  /** UpdatePodClaimForRetentionPolicy: rewrites the references of the pod's claims that are not as the policy asks. */
  async updatePodClaimsForRetentionPolicy(set: StatefulSet, pod: Pod): Promise<void> {
    const ordinal = ordinalOf(pod);
    for (const template of set.spec?.volumeClaimTemplates ?? []) {
      const name = claimName(set, template, ordinal);
      const claim = this.objects.getClaim(set.metadata.namespace ?? '', name);
      if (!claim) {
        log.info('Expected claim missing, continuing to pick up in next iteration', { pvc: `${set.metadata.namespace}/${name}` }, 4);
        continue;
      }
      if (hasUnexpectedController(claim, set, pod)) {
        this.recorder.eventf(setRef(set), undefined, 'Warning', 'ConflictingController', 'Update',
          `PersistentVolumeClaim ${name} has a conflicting OwnerReference that acts as a manging controller, the retention policy is ignored for this claim`);
      }
      if (isClaimOwnerUpToDate(claim, set, pod)) continue;
      const updated = structuredClone(claim);
      updateClaimOwnerRefs(updated, set, pod);
      try {
        await this.objects.updateClaim(updated);
      } catch (err) {
        throw new Error(`could not update claim ${name} for delete policy ownerRefs: ${message(err)}`, { cause: err });
      }
    }
  }

  /** PodClaimIsStale: when scale-down deletes claims, a claim still owned by an older pod of this name blocks the pod. */
  podClaimIsStale(set: StatefulSet, pod: Pod): boolean {
    if (retentionPolicy(set).whenScaled === 'Retain') return false;
    for (const claim of podClaims(set, pod).values()) {
      const existing = this.objects.getClaim(claim.metadata.namespace ?? '', claim.metadata.name ?? '');
      if (existing && hasStaleOwnerRef(existing, pod, POD_KIND)) return true;
    }
    return false;
  }

  /** createMissingPersistentVolumeClaims: for a pending pod, its claims and their references. */
  async createMissingClaims(set: StatefulSet, pod: Pod): Promise<void> {
    await this.createClaims(set, pod);
    try {
      await this.updatePodClaimsForRetentionPolicy(set, pod);
    } catch (err) {
      this.recordPodEvent('update', set, pod, err);
      throw err;
    }
  }

  /** createPersistentVolumeClaims: every claim of the pod that is not there yet; a claim being deleted is an error. */
  private async createClaims(set: StatefulSet, pod: Pod): Promise<void> {
    const errors: string[] = [];
    for (const claim of podClaims(set, pod).values()) {
      const existing = this.objects.getClaim(claim.metadata.namespace ?? '', claim.metadata.name ?? '');
      if (!existing) {
        try {
          await this.objects.createClaim(claim);
          this.recordClaimEvent('create', set, pod, claim, undefined);
        } catch (err) {
          errors.push(`failed to create PVC ${claim.metadata.name}: ${message(err)}`);
          if (!isAlreadyExists(err)) this.recordClaimEvent('create', set, pod, claim, err);
        }
      } else if (existing.metadata.deletionTimestamp) {
        errors.push(`pvc ${claim.metadata.name} is being deleted`);
      }
    }
    if (errors.length === 1) throw new Error(errors[0]);
    if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
  }

  private recordPodEvent(verb: string, set: StatefulSet, pod: Pod, err: unknown): void {
    const ok = err === undefined;
    const note = ok
      ? `${verb} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} successful`
      : `${verb} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${message(err)}`;
    this.recorder.eventf(setRef(set), undefined, ok ? 'Normal' : 'Warning', `${ok ? 'Successful' : 'Failed'}${title(verb)}`, title(verb), note);
  }

  private recordClaimEvent(verb: string, set: StatefulSet, pod: Pod, claim: PersistentVolumeClaim, err: unknown): void {
    const ok = err === undefined;
    const note = ok
      ? `${verb} Claim ${claim.metadata.name} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} success`
      : `${verb} Claim ${claim.metadata.name} for Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${message(err)}`;
    this.recorder.eventf(setRef(set), undefined, ok ? 'Normal' : 'Warning', `${ok ? 'Successful' : 'Failed'}${title(verb)}`, title(verb), note);
  }
}
