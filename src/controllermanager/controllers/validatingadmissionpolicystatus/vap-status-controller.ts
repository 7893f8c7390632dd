// The validatingadmissionpolicy-status controller, as Kubernetes 1.35 runs it: type checking of a
// ValidatingAdmissionPolicy's expressions happens here, off the server's write path. Each policy
// whose generation is newer than status.observedGeneration is checked (type-checker.ts) and its
// status.typeChecking.expressionWarnings and observedGeneration applied through /status with
// server-side apply, forcing ownership as the controller's field manager.
import type { ValidatingAdmissionPolicy } from '../../../api/admissionregistration/v1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ValidatingAdmissionPolicyStatusControllerOptions } from '../../../options/controllermanager/api-machinery-controller-options.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { waitForApi } from '../apiwait/wait-for-api.ts';
import { checkPolicy } from './type-checker.ts';

const log = klog('controllermanager/validatingadmissionpolicy-status');

export const CONTROLLER_NAME = 'validatingadmissionpolicy-status-controller';
const GROUP = 'admissionregistration.orch.io';
const POLICIES = { group: GROUP, version: 'v1', resource: 'validatingadmissionpolicies' };

export function vapStatusController(opts: ValidatingAdmissionPolicyStatusControllerOptions, clock: Clock = realClock): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the validatingadmissionpolicy-status controller needs an API client and informers');
    if (!(await waitForApi(ctx, CONTROLLER_NAME, clock)).served) return;
    const policies = ctx.informers.informerFor<ValidatingAdmissionPolicy>(POLICIES);
    const queue = new RateLimitingQueue<string>(clock);
    const enqueue = (p: ValidatingAdmissionPolicy) => p.metadata.name && queue.add(p.metadata.name);
    policies.addEventHandler({ onAdd: enqueue, onUpdate: (_old, p) => enqueue(p) });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    // The manager may have started its informers already; this one starts now.
    ctx.informers.start(ctx.signal);
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, policies);
    if (ctx.signal.aborted) return;

    const sync = async (name: string) => {
      const policy = policies.indexer.get(name);
      // A policy gone from the cache is being deleted: nothing to report.
      if (!policy) return;
      const generation = policy.metadata.generation ?? 0;
      if (generation <= (policy.status?.observedGeneration ?? 0)) return;
      const warnings = await checkPolicy(client, policy, ctx.signal);
      await client.request({
        method: 'PATCH',
        path: `/apis/${GROUP}/v1/validatingadmissionpolicies/${encodeURIComponent(name)}/status`,
        query: { fieldManager: CONTROLLER_NAME, force: true },
        body: {
          apiVersion: `${GROUP}/v1`,
          kind: 'ValidatingAdmissionPolicy',
          metadata: { name },
          status: { observedGeneration: generation, typeChecking: warnings.length ? { expressionWarnings: warnings } : {} },
        },
        patchType: 'application/apply-patch+yaml',
        signal: ctx.signal,
      });
      log.info('Type checked policy', { policy: name, generation, warnings: warnings.length }, 4);
    };
    await Promise.all(Array.from({ length: opts.workers }, () => runWorker(CONTROLLER_NAME, queue, sync, ctx.signal)));
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
  };
}
