// The serviceaccount controller: every active namespace has the `default` ServiceAccount. A
// namespace added or updated, or a ServiceAccount deleted, queues its namespace; one worker (as
// Kubernetes runs it) creates what is missing. Namespaces that are not active are left alone, and
// a namespace that started terminating meanwhile is not an error.
import type { Namespace } from '../../../api/core/v1/namespace-types.ts';
import type { ServiceAccount } from '../../../api/core/v1/service-account-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import type { SharedInformer } from '../../../client/cache/shared-informer.ts';
import { ResourceClient } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { controllerEventRecorder, type EventRecorder } from '../../../client/record/index.ts';
import { hasStatusCause, isAlreadyExists } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from './queue-worker.ts';

const log = klog('controllermanager/serviceaccount');

export const CONTROLLER_NAME = 'serviceaccount-controller';
const NAMESPACES = { group: '', version: 'v1', resource: 'namespaces' };
const SERVICE_ACCOUNTS = { group: '', version: 'v1', resource: 'serviceaccounts' };

export interface ServiceAccountsControllerOptions {
  /** Accounts every namespace must have (Kubernetes: just `default`). */
  accounts?: string[];
  clock?: Clock;
}

export function isNamespaceTerminatingError(err: unknown): boolean {
  return hasStatusCause(err, 'NamespaceTerminating');
}

export function serviceAccountsController(opts: ServiceAccountsControllerOptions = {}): ControllerRun {
  const accounts = opts.accounts ?? ['default'];
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the serviceaccount controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const namespaces: SharedInformer<Namespace> = ctx.informers.informerFor<Namespace>(NAMESPACES);
    const serviceAccounts: SharedInformer<ServiceAccount> = ctx.informers.informerFor<ServiceAccount>(SERVICE_ACCOUNTS);
    const queue = new RateLimitingQueue<string>(clock);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });

    const enqueueNamespace = (ns: Namespace) => ns.metadata?.name && queue.add(ns.metadata.name);
    namespaces.addEventHandler({ onAdd: enqueueNamespace, onUpdate: (_old, ns) => enqueueNamespace(ns) });
    serviceAccounts.addEventHandler({
      onDelete: (sa) => {
        if (sa.metadata?.namespace && accounts.includes(sa.metadata.name ?? '')) queue.add(sa.metadata.namespace);
      },
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    await waitForSync(ctx.signal, namespaces, serviceAccounts);
    if (ctx.signal.aborted) return await events.broadcaster.shutdown();
    log.info('Caches synced; starting the worker', { controller: CONTROLLER_NAME }, 2);

    const sync = async (name: string) => {
      const ns = namespaces.indexer.get(name);
      if (!ns || ns.status?.phase !== 'Active') return;
      for (const account of accounts) {
        if (serviceAccounts.indexer.get(`${name}/${account}`)) continue;
        try {
          await new ResourceClient<ServiceAccount>(client, SERVICE_ACCOUNTS, name).create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: account, namespace: name } }, ctx.signal);
          log.info('Created service account', { namespace: name, name: account }, 2);
        } catch (err) {
          if (isAlreadyExists(err) || isNamespaceTerminatingError(err)) continue;
          recordFailure(events.recorder, ns, account, err);
          throw err;
        }
      }
    };
    await runWorker(CONTROLLER_NAME, queue, sync, ctx.signal);
    await events.broadcaster.shutdown();
  };
}

function recordFailure(recorder: EventRecorder, ns: Namespace, account: string, err: unknown): void {
  recorder.eventf({ apiVersion: 'v1', kind: 'Namespace', metadata: ns.metadata }, undefined, 'Warning', 'FailedCreate', 'CreateServiceAccount', `Error creating service account ${account}: ${(err as Error).message}`);
}
