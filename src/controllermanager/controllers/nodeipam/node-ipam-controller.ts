// The node-ipam controller, as Kubernetes 1.35 runs it with the RangeAllocator: with
// --allocate-node-cidrs it gives each node without podCIDRs one range of --node-cidr-mask-size*
// from each --cluster-cidr (two for dual stack), never inside --service-cluster-ip-range, and takes
// the ranges back when the node is deleted. Nodes that come with podCIDRs (as simulated nodes
// do, like a kubelet's --pod-cidr) have theirs marked used. Without the flag the controller does
// not start, which is orch up's default.
import type { Node } from '../../../api/core/v1/node-types.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { NodeIPAMControllerOptions } from '../../../options/controllermanager/node-controller-options.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { formatPrefix, type IPPrefix } from './ip-prefix.ts';
import { ipamConfig } from './ipam-config.ts';
import { RangeAllocator } from './range-allocator.ts';

const log = klog('controllermanager/nodeipam');

export const CONTROLLER_NAME = 'node-ipam-controller';
const NODES = { group: '', version: 'v1', resource: 'nodes' };
/** Kubernetes' cidrUpdateRetries. */
const UPDATE_RETRIES = 3;
const RETRY_DELAY_MS = 1000;

interface Assignment {
  nodeName: string;
  ranges: IPPrefix[];
}

async function patchNodeCIDRs(client: RestClient, nodeName: string, cidrs: string[], signal: AbortSignal): Promise<void> {
  await client.request({
    method: 'PATCH',
    path: `/api/v1/nodes/${encodeURIComponent(nodeName)}`,
    body: { spec: { podCIDR: cidrs[0], podCIDRs: cidrs } },
    patchType: 'application/strategic-merge-patch+json',
    signal,
  });
}

export function nodeIPAMController(opts: NodeIPAMControllerOptions, clock: Clock = realClock): ControllerRun {
  return async (ctx: ControllerContext) => {
    if (!opts.allocateNodeCIDRs) {
      log.info('Warning: skipping controller: --allocate-node-cidrs is false', { controller: CONTROLLER_NAME }, 1);
      return;
    }
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the node IPAM controller needs an API client and informers');
    const config = ipamConfig(opts);
    const nodes = ctx.informers.informerFor<Node>(NODES);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const recordStatus = (node: Node, status: string) =>
      events.recorder.eventf({ apiVersion: 'v1', kind: 'Node', name: node.metadata.name, uid: node.metadata.uid }, undefined, 'Normal', status, 'Allocate', `Node ${node.metadata.name} status is now: ${status}`);
    const allocator = new RangeAllocator(config, (err) => log.error('Error filtering out service cidr and cluster cidr', { err: err.message }));

    log.info('Starting range CIDR allocator', { clusterCIDRs: config.clusterCIDRs.map(formatPrefix).join(','), nodeMaskSizes: config.nodeMaskSizes.join(',') });
    await waitForSync(ctx.signal, nodes);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    for (const node of nodes.indexer.list()) {
      if (node.spec?.podCIDRs?.length) allocator.occupy(node);
    }

    const write = async (work: Assignment): Promise<void> => {
      const cidrs = work.ranges.map(formatPrefix);
      try {
        const node = nodes.indexer.get(work.nodeName);
        if (!node) {
          allocator.releaseRanges(work.ranges);
          return;
        }
        const current = node.spec?.podCIDRs ?? [];
        if (current.length === cidrs.length && current.every((c, i) => c === cidrs[i])) return;
        if (current.length) {
          log.error('Node already has a CIDR allocated. Releasing the new one.', { node: work.nodeName, podCIDRs: current.join(',') });
          allocator.releaseRanges(work.ranges);
          return;
        }
        let lastErr: unknown;
        for (let attempt = 0; attempt < UPDATE_RETRIES && !ctx.signal.aborted; attempt++) {
          try {
            await patchNodeCIDRs(client, work.nodeName, cidrs, ctx.signal);
            log.info('Set Node PodCIDR', { node: work.nodeName, cidrs: cidrs.join(',') });
            return;
          } catch (err) {
            lastErr = err;
          }
        }
        if (ctx.signal.aborted) return;
        log.error('Failed to update Node PodCIDR after multiple attempts', { node: work.nodeName, cidrs: cidrs.join(','), err: (lastErr as Error)?.message });
        recordStatus(node, 'CIDRAssignmentFailed');
        allocator.releaseRanges(work.ranges);
        // Tried again later, when the node may still be without ranges.
        void sleep(clock, RETRY_DELAY_MS, ctx.signal).then(() => {
          const again = nodes.indexer.get(work.nodeName);
          if (again && !again.spec?.podCIDRs?.length) allocateOrOccupy(again);
        }, () => undefined);
      } finally {
        allocator.done(work.nodeName);
      }
    };

    const allocateOrOccupy = (node: Node) => {
      try {
        const ranges = allocator.allocateOrOccupy(node);
        if (ranges) void write({ nodeName: node.metadata.name ?? '', ranges });
      } catch (err) {
        if (!node.spec?.podCIDRs?.length) recordStatus(node, 'CIDRNotAvailable');
        log.error('Error while processing Node Add', { node: node.metadata.name, err: (err as Error).message });
      }
    };

    nodes.addEventHandler({
      onAdd: allocateOrOccupy,
      onUpdate: (_old, cur) => {
        // A node with podCIDRs was occupied or assigned already.
        if (!cur.spec?.podCIDRs?.length) allocateOrOccupy(cur);
      },
      onDelete: (node) => {
        try {
          allocator.release(node);
        } catch (err) {
          log.error('Error while processing Node Delete', { node: node.metadata.name, err: (err as Error).message });
        }
      },
    });
    await new Promise<void>((resolve) => (ctx.signal.aborted ? resolve() : ctx.signal.addEventListener('abort', () => resolve(), { once: true })));
    log.info('Shutting down range CIDR allocator');
    await events.broadcaster.shutdown();
  };
}
