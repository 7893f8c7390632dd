// One simulated node's life in the API: registered (or taken over when it already exists, keeping
// its pod CIDR, and registered again when deleted), its status posted at once and then every
// update period when it changed or at least every report period, its Lease renewed every update
// period. While no node lifecycle controller runs, the agent may lift the not-ready taint
// admission puts on a new node once the node reports Ready, as that controller would. Like a
// kubelet it records Events about its node: Starting, each condition's new status
// (NodeHasSufficientMemory, NodeReady, ...), and NodeNotSchedulable / NodeSchedulable when it sees
// the node cordoned or uncordoned.
import type { Node, NodeCondition } from '../api/core/v1/node-types.ts';
import { TAINT_NODE_NOT_READY } from '../api/core/v1/well-known-taints.ts';
import { isAlreadyExists, isConflict, isNotFound } from '../machinery/status.ts';
import { klog } from '../component-base/logs/klog.ts';
import type { Clock, TimerHandle } from '../client/clock/clock.ts';
import type { EventRecorder } from '../client/record/index.ts';
import type { RestClient } from '../client/rest/client.ts';
import { ResourceClient } from '../client/rest/resource.ts';
import { NodeLease } from './node-lease.ts';
import { nodeLabels, nodeStatus, nodeToRegister, SIMULATED_ANNOTATION, statusFingerprint, type SimulatedNodeConfig } from './node-object.ts';

const log = klog('nodeagent/node');

export interface ReporterOptions {
  clock: Clock;
  statusUpdateMs: number;
  statusReportMs: number;
  leaseDurationSeconds: number;
  removeNotReadyTaint: boolean;
  /** Where the node's Events go; none are recorded without it. */
  events?: EventRecorder;
}

/** The Event reason a kubelet records for a node condition's status. */
const CONDITION_EVENT: Record<string, { healthy: string; unhealthy: string; healthyStatus: string }> = {
  MemoryPressure: { healthy: 'NodeHasSufficientMemory', unhealthy: 'NodeHasInsufficientMemory', healthyStatus: 'False' },
  DiskPressure: { healthy: 'NodeHasNoDiskPressure', unhealthy: 'NodeHasDiskPressure', healthyStatus: 'False' },
  PIDPressure: { healthy: 'NodeHasSufficientPID', unhealthy: 'NodeHasInsufficientPID', healthyStatus: 'False' },
  Ready: { healthy: 'NodeReady', unhealthy: 'NodeNotReady', healthyStatus: 'True' },
};

export class NodeReporter {
  config: SimulatedNodeConfig;
  private readonly nodes: ResourceClient<Node>;
  private readonly client: RestClient;
  private readonly opts: ReporterOptions;
  private lease: NodeLease | undefined;
  private readonly since: number;
  private lastReport = 0;
  private lastFingerprint = '';
  private timer: TimerHandle | undefined;
  /** The condition statuses last recorded as Events, by type. */
  private readonly recordedConditions = new Map<string, string>();
  /** Whether the node was last seen cordoned (a kubelet starts believing it is not). */
  private lastUnschedulable = false;
  private started = false;

  constructor(client: RestClient, config: SimulatedNodeConfig, opts: ReporterOptions) {
    this.client = client;
    this.config = config;
    this.opts = opts;
    this.since = opts.clock.now();
    this.nodes = new ResourceClient<Node>(client, { group: '', version: 'v1', resource: 'nodes' });
  }

  get name(): string {
    return this.config.name;
  }

  /** Registers the node, posts its status and renews its lease; returns the pod CIDR it has. */
  async register(signal?: AbortSignal): Promise<string> {
    let node: Node;
    try {
      node = await this.nodes.create(nodeToRegister(this.config), signal);
      log.info('Registered node', { node: this.name, podCIDR: this.config.podCIDR, port: this.config.port });
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
      node = await this.takeOver(signal);
    }
    const podCIDR = node.spec?.podCIDR || this.config.podCIDR;
    this.config = { ...this.config, podCIDR };
    this.lease = new NodeLease(this.client, { name: this.name, uid: node.metadata.uid ?? '' }, this.opts.leaseDurationSeconds);
    if (!this.started) {
      this.started = true;
      this.nodeEvent('Starting', 'Starting nodeagent.');
    }
    await this.report(true, signal);
    await this.lease.renew(this.opts.clock.now(), signal);
    if (this.opts.removeNotReadyTaint) await this.liftNotReadyTaint(signal);
    return podCIDR;
  }

  /** An existing Node of this name: labels and annotation made current, its pod CIDR kept. */
  private async takeOver(signal?: AbortSignal): Promise<Node> {
    const patch = {
      metadata: { labels: nodeLabels(this.name), annotations: { [SIMULATED_ANNOTATION]: 'true' } },
    };
    const node = await this.nodes.patch(this.name, 'application/merge-patch+json', patch, {}, signal);
    if (!node.spec?.podCIDR) {
      return this.nodes.patch(this.name, 'application/merge-patch+json', { spec: { podCIDR: this.config.podCIDR, podCIDRs: [this.config.podCIDR] } }, {}, signal);
    }
    log.info('Node already registered; taking it over', { node: this.name, podCIDR: node.spec.podCIDR, port: this.config.port });
    return node;
  }

  /** Starts the periodic status check and lease renewal; a Node deleted meanwhile is registered again. */
  start(signal: AbortSignal): void {
    const beat = async () => {
      try {
        await this.report(false, signal);
      } catch (err) {
        if (!isNotFound(err)) throw err;
        log.info('Node is gone from the API; registering it again', { node: this.name });
        await this.register(signal);
        return;
      }
      await this.lease?.renew(this.opts.clock.now(), signal);
    };
    const tick = () => {
      if (signal.aborted) return;
      void beat()
        .catch((err) => {
          if (!signal.aborted) log.warning('Node heartbeat failed', { node: this.name, err: (err as Error).message });
        })
        .finally(() => {
          if (!signal.aborted) this.timer = this.opts.clock.setTimer(tick, this.opts.statusUpdateMs);
        });
    };
    this.timer = this.opts.clock.setTimer(tick, this.opts.statusUpdateMs);
    signal.addEventListener('abort', () => this.timer?.cancel(), { once: true });
  }

  /** Posts the status when it changed, when the report period has passed, or when forced. */
  private async report(force: boolean, signal?: AbortSignal): Promise<void> {
    const now = this.opts.clock.now();
    const status = nodeStatus(this.config, this.since, now);
    const fingerprint = statusFingerprint(status);
    if (!force && fingerprint === this.lastFingerprint && now - this.lastReport < this.opts.statusReportMs) {
      // Nothing new, but the node must still be there, as the node agent reads it every period; and
      // conditions someone else changed (the node lifecycle controller's Unknown) are posted again.
      const held = await this.client.request<Node>({ path: `/api/v1/nodes/${encodeURIComponent(this.name)}`, query: { resourceVersion: '0' }, signal });
      this.noticeSchedulable(held);
      if (sameConditions(held.status?.conditions, status.conditions)) return;
    }
    const posted = await this.client.request<Node>({
      method: 'PATCH',
      path: `/api/v1/nodes/${encodeURIComponent(this.name)}/status`,
      body: { status },
      patchType: 'application/strategic-merge-patch+json',
      signal,
    });
    this.lastReport = now;
    this.lastFingerprint = fingerprint;
    this.noticeConditions(status.conditions ?? []);
    this.noticeSchedulable(posted);
  }

  /** The kubelet's node reference: the node's name serves as its uid. */
  private nodeEvent(reason: string, note: string): void {
    this.opts.events?.eventf({ kind: 'Node', name: this.name, uid: this.name }, undefined, 'Normal', reason, reason, note);
  }

  private noticeConditions(conditions: readonly NodeCondition[]): void {
    for (const c of conditions) {
      const reasons = CONDITION_EVENT[c.type];
      if (!reasons || this.recordedConditions.get(c.type) === c.status) continue;
      this.recordedConditions.set(c.type, c.status);
      const reason = c.status === reasons.healthyStatus ? reasons.healthy : reasons.unhealthy;
      this.nodeEvent(reason, `Node ${this.name} status is now: ${reason}`);
    }
  }

  private noticeSchedulable(node: Node | undefined): void {
    const unschedulable = node?.spec?.unschedulable === true;
    if (!node || unschedulable === this.lastUnschedulable) return;
    this.lastUnschedulable = unschedulable;
    const reason = unschedulable ? 'NodeNotSchedulable' : 'NodeSchedulable';
    this.nodeEvent(reason, `Node ${this.name} status is now: ${reason}`);
  }

  private async liftNotReadyTaint(signal?: AbortSignal): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const node = await this.nodes.get(this.name, signal);
      const taints = node.spec?.taints ?? [];
      const kept = taints.filter((t) => !(t.key === TAINT_NODE_NOT_READY && t.effect === 'NoSchedule'));
      if (kept.length === taints.length) return;
      try {
        await this.nodes.update({ ...node, spec: { ...node.spec, taints: kept } }, signal);
        log.info('Node is Ready: lifted its not-ready taint', { node: this.name }, 2);
        return;
      } catch (err) {
        if (!isConflict(err)) throw err;
      }
    }
  }
}

/** The conditions as the server holds them and as the node reports them, heartbeats aside. */
function sameConditions(held: NodeCondition[] | undefined, reported: NodeCondition[] | undefined): boolean {
  const key = (cs: NodeCondition[] | undefined) => JSON.stringify((cs ?? []).map((c) => [c.type, c.status, c.reason ?? '', c.message ?? '']).sort());
  return key(held) === key(reported);
}
