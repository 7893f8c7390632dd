// The node lifecycle controller's state and passes (Kubernetes' monitorNodeHealth and the tainting
// passes): each monitor pass judges every node's health (node-health.ts), writes Unknown for nodes
// gone silent, marks pods of nodes that stopped being Ready as not ready, queues NoExecute taints
// per zone or lifts them from Ready nodes, and sets each zone's tainting rate from its state; the
// NoExecute pass then taints queued nodes within those rates; the NoSchedule pass keeps condition
// taints in step with a node's conditions whenever the node changes.
import type { Lease } from '../../../api/coordination/v1/types.ts';
import type { Node, NodeCondition } from '../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { NodeLifecycleControllerOptions } from '../../../options/controllermanager/node-controller-options.ts';
import { judgeNodeHealth, readyCondition, type NodeHealth } from './node-health.ts';
import { hasTaint, noScheduleTaintChanges, NOT_READY_NO_EXECUTE, swapNodeTaints, UNREACHABLE_NO_EXECUTE } from './node-taints.ts';
import { markPodsNotReady } from './pod-readiness.ts';
import { ZoneTaintQueue } from './zone-taint-queue.ts';
import { computeZoneState, EXCLUDE_DISRUPTION_LABEL, zoneKey, zoneName, zoneTaintRate, type ZoneState } from './zones.ts';

const log = klog('controllermanager/nodelifecycle');

/** Kubernetes' NodeHealthUpdateRetry, and the pause between tries (retrySleepTime). */
const HEALTH_UPDATE_TRIES = 5;
const HEALTH_RETRY_MS = 20;
/** Nodes judged at once (nodeUpdateWorkerSize). */
const PARALLEL_NODES = 8;

/** Labels whose beta twin the controller keeps equal (labelReconcileInfo). */
const LABEL_TWINS: ReadonlyArray<[string, string]> = [['orch.io/os', 'beta.orch.io/os'], ['orch.io/arch', 'beta.orch.io/arch']];

export interface NodeMonitorDeps {
  client: RestClient;
  clock: Clock;
  recorder: EventRecorder;
  options: NodeLifecycleControllerOptions;
  getNode(name: string): Node | undefined;
  listNodes(): Node[];
  getLease(nodeName: string): Lease | undefined;
  podsOnNode(nodeName: string): Pod[];
  signal?: AbortSignal;
}

const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
const nodeRef = (node: Node) => ({ apiVersion: 'v1', kind: 'Node', name: node.metadata.name, uid: node.metadata.uid });

export class NodeMonitor {
  private readonly deps: NodeMonitorDeps;
  private readonly known = new Map<string, Node>();
  readonly health = new Map<string, NodeHealth>();
  readonly zoneStates = new Map<string, ZoneState>();
  readonly zoneQueues = new Map<string, ZoneTaintQueue>();
  private readonly nodesToRetry = new Set<string>();

  constructor(deps: NodeMonitorDeps) {
    this.deps = deps;
  }

  private get now(): number {
    return this.deps.clock.now();
  }

  /** One monitor pass over every node. */
  async monitor(): Promise<void> {
    const nodes = this.deps.listNodes();
    const names = new Set(nodes.map((n) => n.metadata.name ?? ''));
    for (const node of nodes) {
      const name = node.metadata.name ?? '';
      if (!this.known.has(name)) {
        log.info('Controller observed a new Node', { node: name }, 1);
        this.deps.recorder.eventf(nodeRef(node), undefined, 'Normal', 'RegisteredNode', 'Register', `Node ${name} event: Registered Node ${name} in Controller`);
        this.known.set(name, node);
        this.addZone(node);
        await this.markNodeAsReachable(node).catch((err) => log.error('Failed to remove taints from node', { node: name, err: (err as Error).message }));
      } else if (!this.zoneStates.has(zoneKey(node))) {
        this.addZone(node);
      }
    }
    for (const [name, node] of this.known) {
      if (names.has(name)) continue;
      log.info('Controller observed a Node deletion', { node: name }, 1);
      this.deps.recorder.eventf(nodeRef(node), undefined, 'Normal', 'RemovingNode', 'Remove', `Node ${name} event: Removing Node ${name} from Controller`);
      this.known.delete(name);
    }
    const zoneConditions = new Map<string, Array<NodeCondition | undefined>>();
    let next = 0;
    const worker = async () => {
      while (next < nodes.length) await this.monitorNode(nodes[next++]!, zoneConditions);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_NODES, nodes.length) }, worker));
    await this.handleDisruption(zoneConditions, nodes);
  }

  private async monitorNode(cached: Node, zoneConditions: Map<string, Array<NodeCondition | undefined>>): Promise<void> {
    const name = cached.metadata.name ?? '';
    let node = structuredClone(cached);
    let verdict: ReturnType<typeof judgeNodeHealth> | undefined;
    for (let attempt = 0; attempt < HEALTH_UPDATE_TRIES && !verdict; attempt++) {
      const judged = judgeNodeHealth(node, this.health.get(name), this.deps.getLease(name), {
        now: this.now, nowTime: rfc3339(this.now), monitorGracePeriodMs: this.deps.options.monitorGracePeriodMs, startupGracePeriodMs: this.deps.options.startupGracePeriodMs,
      });
      try {
        if (judged.statusToWrite) {
          const written = await this.deps.client.request<Node>({ method: 'PUT', path: `/api/v1/nodes/${encodeURIComponent(name)}/status`, body: { ...node, status: judged.statusToWrite }, signal: this.deps.signal });
          node = written;
          judged.health.status = written.status ?? judged.statusToWrite;
        }
        this.health.set(name, judged.health);
        verdict = judged;
      } catch (err) {
        log.error('Error updating node', { node: name, err: (err as Error).message });
        try {
          node = await this.deps.client.request<Node>({ path: `/api/v1/nodes/${encodeURIComponent(name)}`, signal: this.deps.signal });
        } catch {
          log.error('Failed while getting a Node to retry updating node health. Probably Node was deleted', { node: name });
          return;
        }
        await new Promise((resolve) => this.deps.clock.setTimer(() => resolve(undefined), HEALTH_RETRY_MS));
      }
    }
    if (!verdict) {
      log.error('Update health of Node from Controller error, Skipping - no pods will be evicted', { node: name });
      return;
    }
    const { observedReady, currentReady } = verdict;
    if (node.metadata.labels?.[EXCLUDE_DISRUPTION_LABEL] === undefined) {
      const zone = zoneKey(node);
      zoneConditions.set(zone, [...(zoneConditions.get(zone) ?? []), currentReady]);
    }
    if (currentReady) {
      const pods = this.deps.podsOnNode(name);
      await this.processTaintBasedEviction(node, observedReady);
      const becameNotReady = currentReady.status !== 'True' && observedReady.status === 'True';
      if (becameNotReady || (this.nodesToRetry.has(name) && observedReady.status !== 'True')) {
        if (becameNotReady) {
          log.info('Recording status change event message for node', { status: 'NodeNotReady', node: name }, 2);
          this.deps.recorder.eventf(nodeRef(node), undefined, 'Normal', 'NodeNotReady', 'StatusChange', `Node ${name} status is now: NodeNotReady`);
        }
        try {
          await markPodsNotReady(this.deps.client, this.deps.recorder, pods, name, rfc3339(this.now), this.deps.signal);
        } catch (err) {
          log.error('unable to mark all pods NotReady on node; queuing for retry', { node: name, err: (err as Error).message });
          this.nodesToRetry.add(name);
          return;
        }
      }
    }
    this.nodesToRetry.delete(name);
  }

  private async processTaintBasedEviction(node: Node, observedReady: NodeCondition): Promise<void> {
    const name = node.metadata.name ?? '';
    const swap = (add: typeof NOT_READY_NO_EXECUTE, remove: typeof NOT_READY_NO_EXECUTE, what: string) =>
      swapNodeTaints(this.deps.client, this.deps.clock, node, [add], [remove], this.deps.signal).catch(() => log.error(`Failed to instantly swap ${what}. Will try again in the next cycle`, { node: name }));
    switch (observedReady.status) {
      case 'False':
        if (hasTaint(node.spec?.taints, UNREACHABLE_NO_EXECUTE)) await swap(NOT_READY_NO_EXECUTE, UNREACHABLE_NO_EXECUTE, 'UnreachableTaint to NotReadyTaint');
        else if (this.markNodeForTainting(node, 'False')) log.info('Node is NotReady. Adding it to the Taint queue', { node: name }, 2);
        break;
      case 'Unknown':
        if (hasTaint(node.spec?.taints, NOT_READY_NO_EXECUTE)) await swap(UNREACHABLE_NO_EXECUTE, NOT_READY_NO_EXECUTE, 'NotReadyTaint to UnreachableTaint');
        else if (this.markNodeForTainting(node, 'Unknown')) log.info('Node is unresponsive. Adding it to the Taint queue', { node: name }, 2);
        break;
      case 'True':
        try {
          if (await this.markNodeAsReachable(node)) log.info('Node is healthy again, removed all taints', { node: name }, 2);
        } catch {
          log.error('Failed to remove taints from node. Will retry in next iteration', { node: name });
        }
        break;
    }
  }

  private addZone(node: Node): void {
    const zone = zoneKey(node);
    if (this.zoneStates.has(zone)) return;
    this.zoneStates.set(zone, 'Initial');
    this.zoneQueues.set(zone, new ZoneTaintQueue(this.deps.clock, this.deps.options.evictionRate));
    log.info('Initializing eviction metric for zone', { zone: zoneName(zone) });
  }

  private queueOf(node: Node): ZoneTaintQueue {
    const zone = zoneKey(node);
    if (!this.zoneQueues.has(zone)) this.addZone(node);
    return this.zoneQueues.get(zone)!;
  }

  private markNodeForTainting(node: Node, status: 'False' | 'Unknown'): boolean {
    const queue = this.queueOf(node);
    const taint = status === 'False' ? NOT_READY_NO_EXECUTE : UNREACHABLE_NO_EXECUTE;
    if (!hasTaint(node.spec?.taints, taint)) queue.remove(node.metadata.name ?? '');
    return queue.add(node.metadata.name ?? '', node.metadata.uid ?? '');
  }

  /** Lifts both NoExecute taints; true when the node was still waiting to be tainted. */
  private async markNodeAsReachable(node: Node): Promise<boolean> {
    await swapNodeTaints(this.deps.client, this.deps.clock, node, [], [UNREACHABLE_NO_EXECUTE, NOT_READY_NO_EXECUTE], this.deps.signal);
    return this.queueOf(node).remove(node.metadata.name ?? '');
  }

  /** Taints the queued nodes each zone's rate allows (every 100 ms in Kubernetes). */
  async noExecuteTaintingPass(): Promise<void> {
    for (const queue of [...this.zoneQueues.values()]) {
      await queue.tryTaint(async (name) => {
        const node = this.deps.getNode(name);
        if (!node) {
          log.info('Node no longer present in nodeLister', { node: name });
          return { done: true };
        }
        const ready = readyCondition(node.status);
        if (!ready) {
          log.info('Failed to get NodeCondition from the node status', { node: name });
          return { done: false, retryAfterMs: 50 };
        }
        let add = NOT_READY_NO_EXECUTE;
        let remove = UNREACHABLE_NO_EXECUTE;
        if (ready.status === 'Unknown') [add, remove] = [UNREACHABLE_NO_EXECUTE, NOT_READY_NO_EXECUTE];
        else if (ready.status !== 'False') {
          log.info('Node was in a taint queue, but it\'s ready now. Ignoring taint request', { node: name }, 4);
          return { done: true };
        }
        try {
          await swapNodeTaints(this.deps.client, this.deps.clock, node, [add], [remove], this.deps.signal);
          return { done: true };
        } catch (err) {
          log.error('unable to taint unresponsive Node', { node: name, taint: add.key, err: (err as Error).message });
          return { done: false };
        }
      });
    }
  }

  /** Keeps the condition NoSchedule taints and the beta labels of one node in step. */
  async nodeChanged(name: string): Promise<void> {
    const node = this.deps.getNode(name);
    if (!node) return;
    const { add, remove } = noScheduleTaintChanges(node);
    if (add.length || remove.length) await swapNodeTaints(this.deps.client, this.deps.clock, node, add, remove, this.deps.signal);
    const labels = node.metadata.labels;
    if (!labels) return;
    const fix: Record<string, string> = {};
    for (const [primary, secondary] of LABEL_TWINS) {
      if (labels[primary] !== undefined && labels[secondary] !== labels[primary]) fix[secondary] = labels[primary];
    }
    if (Object.keys(fix).length === 0) return;
    await this.deps.client.request({ method: 'PATCH', path: `/api/v1/nodes/${encodeURIComponent(name)}`, body: { metadata: { labels: fix } }, patchType: 'application/strategic-merge-patch+json', signal: this.deps.signal });
  }

  /** A pod bound to a node that is not Ready is marked not ready too. */
  async podAssigned(pod: Pod): Promise<void> {
    const nodeName = pod.spec?.nodeName ?? '';
    const health = this.health.get(nodeName);
    if (!health) return;
    if (!this.deps.getNode(nodeName)) throw new Error(`node ${nodeName} is not in the cache`);
    const ready = readyCondition(health.status);
    if (!ready || ready.status === 'True') return;
    await markPodsNotReady(this.deps.client, this.deps.recorder, [pod], nodeName, rfc3339(this.now), this.deps.signal);
  }

  private async handleDisruption(zoneConditions: Map<string, Array<NodeCondition | undefined>>, nodes: Node[]): Promise<void> {
    const threshold = this.deps.options.unhealthyZoneThreshold;
    const newStates = new Map<string, ZoneState>();
    let allAreFullyDisrupted = true;
    for (const [zone, conditions] of zoneConditions) {
      const { state } = computeZoneState(conditions, threshold);
      if (state !== 'FullDisruption') allAreFullyDisrupted = false;
      newStates.set(zone, state);
      if (!this.zoneStates.has(zone)) {
        log.error('Setting initial state for unseen zone', { zone: zoneName(zone) });
        this.zoneStates.set(zone, 'Initial');
      }
    }
    let allWasFullyDisrupted = true;
    for (const [zone, state] of [...this.zoneStates]) {
      if (!zoneConditions.has(zone)) {
        this.zoneStates.delete(zone);
        continue;
      }
      if (state !== 'FullDisruption') {
        allWasFullyDisrupted = false;
        break;
      }
    }
    if (allAreFullyDisrupted && allWasFullyDisrupted) return;
    if (allAreFullyDisrupted) {
      log.info('Controller detected that all Nodes are not-Ready. Entering master disruption mode');
      for (const node of nodes) await this.markNodeAsReachable(node).catch(() => log.error('Failed to remove taints from Node', { node: node.metadata.name }));
      for (const zone of this.zoneStates.keys()) {
        this.zoneQueues.get(zone)?.setRate(0);
        this.zoneStates.set(zone, 'FullDisruption');
      }
      return;
    }
    const rates = this.deps.options;
    const setRate = (zone: string, state: ZoneState) => this.zoneQueues.get(zone)?.setRate(zoneTaintRate(state, zoneConditions.get(zone)?.length ?? 0, rates));
    if (allWasFullyDisrupted) {
      log.info('Controller detected that some Nodes are Ready. Exiting master disruption mode');
      // Every node gets a fresh grace period.
      for (const node of nodes) {
        const h = this.health.get(node.metadata.name ?? '');
        if (h) this.health.set(node.metadata.name ?? '', { ...h, probeTimestamp: this.now, readyTransitionTimestamp: this.now });
      }
      for (const zone of this.zoneStates.keys()) {
        const state = newStates.get(zone) ?? 'Normal';
        setRate(zone, state);
        this.zoneStates.set(zone, state);
      }
      return;
    }
    for (const [zone, state] of this.zoneStates) {
      const next = newStates.get(zone);
      if (!next || next === state) continue;
      log.info('Controller detected that zone is now in new state', { zone: zoneName(zone), newState: next });
      setRate(zone, next);
      this.zoneStates.set(zone, next);
    }
  }
}
