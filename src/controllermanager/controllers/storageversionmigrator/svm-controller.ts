// The storage-version-migrator controller, as Kubernetes 1.35 runs it for
// storagemigration.orch.io/v1beta1 StorageVersionMigrations: five workers take each migration
// not yet finished (migrator.ts does the work) and retry one that failed to reach the server.
import type { StorageVersionMigration } from '../../../api/storagemigration/v1beta1/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { waitForApi } from '../apiwait/wait-for-api.ts';
import { isFinished } from './migration-status.ts';
import { CONTROLLER_NAME, Migrator } from './migrator.ts';

const log = klog('controllermanager/storage-version-migrator');

const MIGRATIONS = { group: 'storagemigration.orch.io', version: 'v1beta1', resource: 'storageversionmigrations' };
/** Kubernetes runs five workers; there is no option for it. */
const WORKERS = 5;

export function storageVersionMigratorController(clock: Clock = realClock): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the storage-version-migrator controller needs an API client and informers');
    if (!(await waitForApi(ctx, CONTROLLER_NAME, clock)).served) return;
    const migrations = ctx.informers.informerFor<StorageVersionMigration>(MIGRATIONS);
    const queue = new RateLimitingQueue<string>(clock);
    const enqueue = (svm: StorageVersionMigration) => svm.metadata.name && queue.add(svm.metadata.name);
    migrations.addEventHandler({ onAdd: enqueue, onUpdate: (_old, svm) => enqueue(svm) });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    ctx.informers.start(ctx.signal);
    log.info('Starting', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, migrations);
    if (ctx.signal.aborted) return;
    const migrator = new Migrator(client, ctx.signal, () => new Date(clock.now()));
    const sync = async (name: string) => {
      const svm = migrations.indexer.get(name);
      if (!svm || isFinished(svm)) return;
      const started = clock.now();
      await migrator.migrate(svm);
      log.info('Finished syncing svm resource', { key: name, elapsed: `${clock.now() - started}ms` }, 4);
    };
    await Promise.all(Array.from({ length: WORKERS }, () => runWorker(CONTROLLER_NAME, queue, sync, ctx.signal)));
    log.info('Shutting down', { controller: CONTROLLER_NAME });
  };
}
