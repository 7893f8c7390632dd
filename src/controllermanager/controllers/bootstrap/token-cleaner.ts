// The token-cleaner controller, as Kubernetes 1.35 runs it (off by default): a bootstrap token
// Secret in orch-system whose expiration has passed (or does not parse) is deleted, with its uid
// as a precondition; one that expires later is looked at again then. One worker.
import type { Secret } from '../../../api/core/v1/secret-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { isConflict, isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { isBootstrapTokenSecret, tokenExpiration } from './token-secrets.ts';

const log = klog('controllermanager/tokencleaner');

export const CONTROLLER_NAME = 'token-cleaner-controller';
const SECRETS = { group: '', version: 'v1', resource: 'secrets' };

const keyOf = (s: Secret) => `${s.metadata.namespace}/${s.metadata.name}`;

export function tokenCleanerController(opts: { clock?: Clock } = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the token cleaner needs an API client and informers');
    const clock = opts.clock ?? realClock;
    const secrets = ctx.informers.informerFor<Secret>(SECRETS);
    const queue = new RateLimitingQueue<string>(clock);
    const enqueue = (s: Secret) => isBootstrapTokenSecret(s) && queue.add(keyOf(s));
    secrets.addEventHandler({ onAdd: enqueue, onUpdate: (_old, s) => enqueue(s) });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    log.info('Starting token cleaner controller');
    await waitForSync(ctx.signal, secrets);
    if (ctx.signal.aborted) return;

    const evaluate = async (key: string) => {
      const secret = secrets.indexer.get(key);
      if (!secret || !isBootstrapTokenSecret(secret)) return;
      const { ttlMs, expired } = tokenExpiration(secret, clock.now());
      if (!expired) {
        if (ttlMs > 0) queue.addAfter(key, ttlMs);
        return;
      }
      log.info('Deleting expired secret', { secret: key }, 3);
      try {
        await client.request({
          method: 'DELETE',
          path: `${collectionPath(SECRETS, secret.metadata.namespace)}/${encodeURIComponent(secret.metadata.name ?? '')}`,
          body: { apiVersion: 'v1', kind: 'DeleteOptions', ...(secret.metadata.uid ? { preconditions: { uid: secret.metadata.uid } } : {}) },
          signal: ctx.signal,
        });
      } catch (err) {
        // Gone already, or replaced by another Secret of the name: nothing to delete.
        if (!isConflict(err) && !isNotFound(err)) log.info('Error deleting secret', { secret: key, err: (err as Error).message }, 3);
      }
    };
    await runWorker(CONTROLLER_NAME, queue, evaluate, ctx.signal);
    log.info('Shutting down token cleaner controller');
  };
}
