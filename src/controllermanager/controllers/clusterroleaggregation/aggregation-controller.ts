// The clusterrole-aggregation controller: a ClusterRole with an aggregationRule holds the union of
// the rules of the ClusterRoles its selectors match. Any ClusterRole added, changed or deleted
// queues every aggregated role; five workers (as Kubernetes runs it) write the new rules by
// server-side apply as field manager `clusterrole-aggregation-controller` with force, falling back
// to an update where the server does not take apply patches.
import type { ClusterRole, PolicyRule } from '../../../api/rbac/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { isUnsupportedMediaType } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { aggregatedRules, sameRules } from './aggregate-rules.ts';

const log = klog('controllermanager/clusterroleaggregation');

export const CONTROLLER_NAME = 'clusterrole-aggregation-controller';
const CLUSTER_ROLES = { group: 'rbac.authorization.orch.io', version: 'v1', resource: 'clusterroles' };

export interface AggregationControllerOptions {
  workers?: number;
  clock?: Clock;
}

async function applyRules(client: RestClient, name: string, rules: PolicyRule[], signal: AbortSignal): Promise<void> {
  const body = { apiVersion: `${CLUSTER_ROLES.group}/v1`, kind: 'ClusterRole', metadata: { name }, rules };
  await new ResourceClient(client, CLUSTER_ROLES).patch(name, 'application/apply-patch+yaml', body, { fieldManager: CONTROLLER_NAME, force: true }, signal);
}

export function clusterRoleAggregationController(opts: AggregationControllerOptions = {}): ControllerRun {
  const workers = opts.workers ?? 5;
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the clusterrole-aggregation controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const roles = ctx.informers.informerFor<ClusterRole>(CLUSTER_ROLES);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });

    // Any change may alter what an aggregated role selects: look at all of them.
    const enqueueAggregated = () => {
      for (const role of roles.indexer.list()) if (role.aggregationRule && role.metadata.name) queue.add(role.metadata.name);
    };
    roles.addEventHandler({ onAdd: enqueueAggregated, onUpdate: enqueueAggregated, onDelete: enqueueAggregated });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await waitForSync(ctx.signal, roles);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();

    const sync = async (name: string) => {
      const role = roles.indexer.get(name);
      if (!role?.aggregationRule) return;
      let rules: PolicyRule[];
      try {
        rules = aggregatedRules(role, roles.indexer.list());
      } catch (err) {
        events.recorder.eventf({ apiVersion: `${CLUSTER_ROLES.group}/v1`, kind: 'ClusterRole', metadata: role.metadata }, undefined, 'Warning', 'InvalidSelector', 'Aggregate', (err as Error).message);
        return;
      }
      if (sameRules(role.rules, rules)) return;
      try {
        await applyRules(client, name, rules, ctx.signal);
      } catch (err) {
        if (!isUnsupportedMediaType(err)) throw err;
        // A server without server-side apply: replace the rules instead.
        await new ResourceClient<ClusterRole>(client, CLUSTER_ROLES).update({ ...structuredClone(role), rules }, ctx.signal);
      }
      log.info('Aggregated cluster role rules', { clusterRole: name, rules: rules.length }, 2);
    };
    await Promise.all(Array.from({ length: workers }, () => runWorker(CONTROLLER_NAME, queue, sync, ctx.signal)));
    await events.broadcaster.shutdown();
  };
}
