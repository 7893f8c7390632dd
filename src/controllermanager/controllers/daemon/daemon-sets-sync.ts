// One sync of a daemon set, as Kubernetes' syncDaemonSet runs it: a set being deleted is left
// alone; an empty selector is refused with a SelectingAll event; its revisions are brought up to
// date (daemon-history.ts) and the current hash taken. While creations or deletions of a previous
// sync are still awaited only the status is refreshed. Otherwise each node is planned
// (pods-on-node.ts), unscheduled pods meant for nodes that are gone are deleted, pods are made for
// the nodes that need one (slow-start batches, at most burstReplicas at a time; each with the
// daemon tolerations, the revision labels and a required affinity to its node) and the others
// deleted; then, once those are seen, RollingUpdate takes its step (OnDelete none), old revisions
// are pruned, and the status is written with the observed generation.
import type { ControllerRevision, DaemonSet } from '../../../api/apps/v1/types.ts';
import type { Node } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { CONTROLLER_REVISION_HASH_LABEL } from '../../../api/apps/v1/well-known-labels.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import { NAMESPACE_INDEX, type Indexer } from '../../../client/cache/store.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { claimRevisions } from '../history/claim-revisions.ts';
import { claimPods, newControllerRef, recheckDeletionTimestamp, type CanAdopt } from '../workload/controller-ref-manager.ts';
import type { ControllerExpectations } from '../workload/expectations.ts';
import { isNamespaceTerminating, type PodControl } from '../workload/pod-control.ts';
import { isPodTerminal } from '../workload/pod-state.ts';
import { SLOW_START_INITIAL_BATCH } from '../workload/slow-start.ts';
import type { DaemonApi } from './daemon-api.ts';
import { cleanupHistory, constructHistory } from './daemon-history.ts';
import { DAEMON_SET_KIND, daemonPodTemplate, targetNodeName, templateGenerationOrUndefined, withNodeNameAffinity } from './daemon-pods.ts';
import { countDaemonPods, statusUpToDate } from './daemon-status.ts';
import type { FailedPodsBackoff } from './failed-pods-backoff.ts';
import { podsShouldBeOnNode } from './pods-on-node.ts';
import { rollingUpdateStep } from './rolling-update.ts';

const log = klog('controllermanager/daemonset');

/** Creates or deletes in one sync at most (Kubernetes' BurstReplicas). */
export const BURST_REPLICAS = 250;
/** Status writes retried after a first failure (Kubernetes' StatusUpdateRetries). */
const STATUS_UPDATE_RETRIES = 1;

export interface DaemonSyncDeps {
  sets: Indexer<DaemonSet>;
  pods: Indexer<Pod>;
  nodes: Indexer<Node>;
  revisions: Indexer<ControllerRevision>;
  api: DaemonApi;
  podControl: PodControl;
  recorder: EventRecorder;
  expectations: ControllerExpectations;
  backoff: FailedPodsBackoff;
  clock: Clock;
  /** Queues a set's key again after a delay. */
  enqueueAfter(key: string, ms: number): void;
  burstReplicas?: number;
}

export const daemonSetKey = (ds: { metadata: { namespace?: string; name?: string } }) => `${ds.metadata.namespace ?? ''}/${ds.metadata.name ?? ''}`;

function aggregate(errors: unknown[]): unknown {
  if (errors.length <= 1) return errors[0];
  return new Error(`[${errors.map((e) => (e instanceof Error ? e.message : String(e))).join(', ')}]`);
}

function selectorMatches(ds: DaemonSet, labels: Record<string, string> | undefined): boolean {
  try {
    return Boolean(ds.spec?.selector) && labelSelectorMatches(ds.spec!.selector!, labels);
  } catch {
    return false;
  }
}

export class DaemonSetsSync {
  private readonly d: DaemonSyncDeps;

  constructor(deps: DaemonSyncDeps) {
    this.d = deps;
  }

  async sync(key: string): Promise<void> {
    const started = this.d.clock.now();
    const ds = this.d.sets.get(key);
    if (!ds) {
      log.info('Daemon set has been deleted', { daemonset: key }, 3);
      this.d.expectations.delete(key);
      return;
    }
    const nodes = this.d.nodes.list();
    const selector = ds.spec?.selector;
    if (selector && !Object.keys(selector.matchLabels ?? {}).length && !selector.matchExpressions?.length) {
      this.d.recorder.eventf({ ...DAEMON_SET_KIND, metadata: ds.metadata }, undefined, 'Warning', 'SelectingAll', 'Sync', 'This daemon set is selecting all pods. A non-empty selector is required.');
      return;
    }
    // Its history may already be gone or orphaned: a set being deleted gets no status either.
    if (ds.metadata.deletionTimestamp) return;
    const canAdopt = recheckDeletionTimestamp(async () => {
      const fresh = await this.d.api.getDaemonSet(ds.metadata.namespace ?? '', ds.metadata.name ?? '');
      if (fresh.metadata.uid !== ds.metadata.uid) throw new Error(`original DaemonSet ${key} is gone: got uid ${fresh.metadata.uid}, wanted ${ds.metadata.uid}`);
      return { ...DAEMON_SET_KIND, metadata: fresh.metadata };
    });
    let history: { current: ControllerRevision; old: ControllerRevision[] };
    try {
      const controlled = await claimRevisions(ds, DAEMON_SET_KIND, selector, this.d.revisions.byIndex(NAMESPACE_INDEX, ds.metadata.namespace ?? ''), this.d.api.history, canAdopt);
      history = await constructHistory(ds, controlled, { api: this.d.api, podControl: this.d.podControl, daemonPods: () => this.daemonPods(ds, canAdopt) });
    } catch (err) {
      throw new Error(`failed to construct revisions of DaemonSet: ${(err as Error).message}`, { cause: err });
    }
    const hash = history.current.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '';
    if (!this.d.expectations.satisfied(key)) {
      // Only the status: this sync did not act on the set's generation.
      await this.updateStatus(ds, nodes, hash, false, canAdopt);
      return;
    }
    let failure: unknown;
    try {
      await this.updateDaemonSet(ds, nodes, hash, key, history.old, canAdopt);
    } catch (err) {
      failure = err;
    }
    try {
      await this.updateStatus(ds, nodes, hash, true, canAdopt);
    } catch (err) {
      if (failure) log.error('Failed to update status', { daemonSet: key, err: (err as Error).message });
      else failure = err;
    }
    log.info('Finished syncing daemon set', { daemonset: key, time: `${this.d.clock.now() - started}ms` }, 4);
    if (failure) throw failure;
  }

  private async updateDaemonSet(ds: DaemonSet, nodes: Node[], hash: string, key: string, old: ControllerRevision[], canAdopt: CanAdopt): Promise<void> {
    await this.manage(ds, nodes, hash, canAdopt);
    if (this.d.expectations.satisfied(key) && ds.spec?.updateStrategy?.type === 'RollingUpdate') {
      const nodeToPods = await this.nodeToDaemonPods(ds, false, canAdopt);
      let step;
      try {
        step = rollingUpdateStep(ds, nodes, nodeToPods, hash, this.d.clock.now());
      } catch (err) {
        throw new Error(`couldn't get unavailable numbers: ${(err as Error).message}`);
      }
      await this.syncNodes(ds, step.deletes, step.creates, hash);
    }
    try {
      await cleanupHistory(ds, old, [...(await this.nodeToDaemonPods(ds, true, canAdopt)).values()].flat(), this.d.api);
    } catch (err) {
      throw new Error(`failed to clean up revisions of DaemonSet: ${(err as Error).message}`);
    }
  }

  /** getDaemonPods: the namespace's pods claimed by the set. */
  private daemonPods(ds: DaemonSet, canAdopt: CanAdopt): Promise<Pod[]> {
    return claimPods(this.d.pods.byIndex(NAMESPACE_INDEX, ds.metadata.namespace ?? ''), {
      owner: { ...DAEMON_SET_KIND, metadata: ds.metadata },
      matches: (pod) => selectorMatches(ds, pod.metadata.labels),
      podControl: this.d.podControl,
      canAdopt,
    });
  }

  /** getNodesToDaemonPods: the set's pods by the node they are for (finished pods being deleted left out unless asked for). */
  private async nodeToDaemonPods(ds: DaemonSet, includeDeletedTerminal: boolean, canAdopt: CanAdopt): Promise<Map<string, Pod[]>> {
    const byNode = new Map<string, Pod[]>();
    for (const pod of await this.daemonPods(ds, canAdopt)) {
      if (!includeDeletedTerminal && isPodTerminal(pod) && pod.metadata.deletionTimestamp) continue;
      const node = targetNodeName(pod);
      if (node === undefined) {
        log.info('Failed to get target node name of Pod in DaemonSet', { pod: `${pod.metadata.namespace}/${pod.metadata.name}`, daemonset: daemonSetKey(ds) }, 4);
        continue;
      }
      byNode.set(node, [...(byNode.get(node) ?? []), pod]);
    }
    return byNode;
  }

  private async manage(ds: DaemonSet, nodes: Node[], hash: string, canAdopt: CanAdopt): Promise<void> {
    let nodeToPods: Map<string, Pod[]>;
    try {
      nodeToPods = await this.nodeToDaemonPods(ds, false, canAdopt);
    } catch (err) {
      throw new Error(`couldn't get node to daemon pod mapping for daemon set ${JSON.stringify(ds.metadata.name)}: ${(err as Error).message}`);
    }
    const creates: string[] = [];
    const deletes: string[] = [];
    const ctx = { backoff: this.d.backoff, recorder: this.d.recorder, enqueueAfter: (set: DaemonSet, ms: number) => this.d.enqueueAfter(daemonSetKey(set), ms) };
    for (const node of nodes) {
      const plan = podsShouldBeOnNode(node, nodeToPods.get(node.metadata.name ?? ''), ds, hash, ctx);
      if (plan.create) creates.push(node.metadata.name ?? '');
      deletes.push(...plan.deletes);
    }
    // Unscheduled pods meant for nodes that no longer exist: the pod GC cannot see them.
    const existing = new Set(nodes.map((n) => n.metadata.name));
    for (const [node, pods] of nodeToPods) {
      if (existing.has(node)) continue;
      for (const pod of pods) if (!pod.spec?.nodeName) deletes.push(pod.metadata.name ?? '');
    }
    await this.syncNodes(ds, deletes, creates, hash);
  }

  /** syncNodes: deletes the pods and makes one on each node, within the burst, with expectations set first. */
  private async syncNodes(ds: DaemonSet, podsToDelete: string[], nodesNeedingPods: string[], hash: string): Promise<void> {
    const key = daemonSetKey(ds);
    const namespace = ds.metadata.namespace ?? '';
    const burst = this.d.burstReplicas ?? BURST_REPLICAS;
    const creates = nodesNeedingPods.slice(0, burst);
    const deletes = podsToDelete.slice(0, burst);
    this.d.expectations.expect(key, creates.length, deletes.map((name) => `${namespace}/${name}`));
    const errors: unknown[] = [];
    const template = daemonPodTemplate(ds.spec?.template, templateGenerationOrUndefined(ds), hash);
    const controllerRef = newControllerRef({ ...DAEMON_SET_KIND, metadata: ds.metadata });
    const owner = { ...DAEMON_SET_KIND, metadata: ds.metadata };
    if (creates.length) log.info('Nodes needing daemon pods for daemon set, creating', { daemonset: key, needCount: nodesNeedingPods.length, createCount: creates.length }, 4);
    // Slow start: batches of 1, 2, 4, … stop at the first batch with a failure.
    let position = 0;
    for (let batch = Math.min(creates.length, SLOW_START_INITIAL_BATCH); position < creates.length; batch = Math.min(2 * batch, creates.length - position)) {
      const before = errors.length;
      await Promise.all(creates.slice(position, position + batch).map(async (nodeName) => {
        const podTemplate = structuredClone(template);
        podTemplate.spec!.affinity = withNodeNameAffinity(podTemplate.spec!.affinity, nodeName);
        try {
          await this.d.podControl.createPod(namespace, podTemplate, owner, controllerRef);
        } catch (err) {
          // Every create in a namespace being deleted fails alike.
          if (isNamespaceTerminating(err)) return;
          log.info('Failed creation, decrementing expectations for daemon set', { daemonset: key }, 2);
          this.d.expectations.creationObserved(key);
          errors.push(err);
        }
      }));
      position += batch;
      const skipped = creates.length - position;
      if (errors.length > before && skipped > 0) {
        log.info('Slow-start failure. Skipping creation pods, decrementing expectations for daemon set', { skippedPods: skipped, daemonset: key }, 2);
        for (let i = 0; i < skipped; i++) this.d.expectations.creationObserved(key);
        break;
      }
    }
    if (deletes.length) log.info('Pods to delete for daemon set, deleting', { daemonset: key, toDeleteCount: podsToDelete.length, deleteCount: deletes.length }, 4);
    await Promise.all(deletes.map(async (name) => {
      try {
        await this.d.podControl.deletePod(namespace, name, owner);
      } catch (err) {
        this.d.expectations.deletionObserved(key, `${namespace}/${name}`);
        if (!isNotFound(err)) {
          log.info('Failed deletion, decremented expectations for daemon set', { daemonset: key }, 2);
          errors.push(err);
        }
      }
    }));
    const error = aggregate(errors);
    if (error) throw error;
  }

  /** updateDaemonSetStatus and storeDaemonSetStatus. */
  private async updateStatus(ds: DaemonSet, nodes: Node[], hash: string, updateObservedGeneration: boolean, canAdopt: CanAdopt): Promise<void> {
    let nodeToPods: Map<string, Pod[]>;
    try {
      nodeToPods = await this.nodeToDaemonPods(ds, false, canAdopt);
    } catch (err) {
      throw new Error(`couldn't get node to daemon pod mapping for daemon set ${JSON.stringify(ds.metadata.name)}: ${(err as Error).message}`);
    }
    const counts = countDaemonPods(ds, nodes, nodeToPods, hash, this.d.clock.now());
    if (!statusUpToDate(ds, counts)) {
      let toUpdate = structuredClone(ds);
      for (let attempt = 0; ; attempt++) {
        toUpdate.status = { ...toUpdate.status, ...counts, ...(updateObservedGeneration ? { observedGeneration: ds.metadata.generation } : {}) };
        try {
          await this.d.api.updateDaemonSetStatus(toUpdate);
          break;
        } catch (err) {
          if (attempt >= STATUS_UPDATE_RETRIES) throw new Error(`error storing status for daemon set ${daemonSetKey(ds)}: ${(err as Error).message}`, { cause: err });
          toUpdate = await this.d.api.getDaemonSet(ds.metadata.namespace ?? '', ds.metadata.name ?? '');
        }
      }
    }
    // Once more after minReadySeconds, in case of clock skew.
    const minReadySeconds = ds.spec?.minReadySeconds ?? 0;
    if (minReadySeconds > 0 && counts.numberReady !== counts.numberAvailable) this.d.enqueueAfter(daemonSetKey(ds), minReadySeconds * 1000);
  }
}
