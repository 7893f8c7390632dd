// The ttl controller, as Kubernetes 1.35 runs it: every node carries the node.alpha.orch.io/ttl
// annotation, the seconds a node agent may cache the objects its pods use, chosen by cluster size
// (ttl-boundaries.ts). The node count is kept from the node events; each added or updated node is
// patched when its annotation differs (nodes report often, so a size change reaches them all).
import type { Node } from '../../../api/core/v1/node-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { ClusterSizeTTL, currentTTL, NODE_TTL_ANNOTATION } from './ttl-boundaries.ts';

const log = klog('controllermanager/ttl');

export const CONTROLLER_NAME = 'ttl-controller';
const NODES = { group: '', version: 'v1', resource: 'nodes' };
/** Kubernetes starts five workers. */
const WORKERS = 5;

export function ttlController(clock: Clock = realClock): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the ttl controller needs an API client and informers');
    const nodes = ctx.informers.informerFor<Node>(NODES);
    const queue = new RateLimitingQueue<string>(clock);
    const size = new ClusterSizeTTL();
    nodes.addEventHandler({
      onAdd: (node) => {
        size.nodeAdded();
        queue.add(node.metadata.name ?? '');
      },
      onUpdate: (_old, node) => queue.add(node.metadata.name ?? ''),
      onDelete: () => size.nodeDeleted(),
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, nodes);
    if (ctx.signal.aborted) return;

    const sync = async (name: string) => {
      const node = nodes.indexer.get(name);
      if (!node) return;
      const desired = size.desiredSeconds();
      const current = currentTTL(node);
      if (current.invalid) log.info('Could not convert the value with annotation key for the node', { annotationValue: current.invalid, annotationKey: NODE_TTL_ANNOTATION, node: name });
      if (current.seconds === desired) return;
      try {
        await client.request({
          method: 'PATCH',
          path: `/api/v1/nodes/${encodeURIComponent(name)}`,
          body: { metadata: { annotations: { [NODE_TTL_ANNOTATION]: String(desired) } } },
          patchType: 'application/strategic-merge-patch+json',
          signal: ctx.signal,
        });
      } catch (err) {
        log.info('Failed to change ttl annotation for node', { node: name, err: (err as Error).message }, 2);
        throw err;
      }
      log.info('Changed ttl annotation', { node: name, TTL: `${desired}s` }, 2);
    };
    await Promise.all(Array.from({ length: WORKERS }, () => runWorker(CONTROLLER_NAME, queue, sync, ctx.signal)));
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
  };
}
