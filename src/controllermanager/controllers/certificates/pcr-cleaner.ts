// The podcertificaterequest-cleaner controller, as Kubernetes 1.35 runs it: every five minutes each
// PodCertificateRequest created more than fifteen minutes ago is deleted (with its uid as a
// precondition; one already gone is fine), since every pod certificate flow ends well before.
// It runs only where the server serves PodCertificateRequests.
import type { ObjectMeta } from '../../../api/meta/v1/types.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';
import { realClock, sleep, type Clock } from '../../../client/clock/clock.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { isNotFound } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';

const log = klog('controllermanager/pcrcleaner');

export const CONTROLLER_NAME = 'podcertificaterequest-cleaner-controller';
export const PCRS = { group: 'certificates.orch.io', version: 'v1beta1', resource: 'podcertificaterequests' };
export const THRESHOLD_MS = 15 * 60_000;
export const POLLING_INTERVAL_MS = 5 * 60_000;

interface PodCertificateRequest {
  metadata: ObjectMeta;
  [field: string]: unknown;
}

export function pcrExpired(pcr: PodCertificateRequest, nowMs: number, thresholdMs = THRESHOLD_MS): boolean {
  const created = timeToDate(pcr.metadata.creationTimestamp)?.getTime() ?? 0;
  return nowMs >= created + thresholdMs;
}

export function pcrCleanerController(opts: { clock?: Clock; thresholdMs?: number; pollingIntervalMs?: number } = {}): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the podcertificaterequest-cleaner controller needs an API client and informers');
    const clock = opts.clock ?? realClock;
    if (!(await ctx.apiAvailable().catch(() => false))) {
      log.info('PodCertificateRequests are not served: the cleaner does not run', { controller: CONTROLLER_NAME });
      return;
    }
    const pcrs = ctx.informers.informerFor<PodCertificateRequest>(PCRS);
    // Served resources are known only now, after the manager started the informers it had.
    ctx.informers.start(ctx.signal);
    log.info('Starting PodCertificateRequest cleaner controller');
    await waitForSync(ctx.signal, pcrs);
    while (!ctx.signal.aborted) {
      for (const pcr of pcrs.indexer.list()) {
        if (!pcrExpired(pcr, clock.now(), opts.thresholdMs)) continue;
        const ns = pcr.metadata.namespace ?? '';
        const name = pcr.metadata.name ?? '';
        try {
          await client.request({
            method: 'DELETE',
            path: `${collectionPath(PCRS, ns)}/${encodeURIComponent(name)}`,
            body: { apiVersion: 'v1', kind: 'DeleteOptions', preconditions: { uid: pcr.metadata.uid } },
            signal: ctx.signal,
          });
        } catch (err) {
          if (!isNotFound(err) && !ctx.signal.aborted) log.error('Error while attempting to clean PodCertificateRequest', { pcr: `${ns}/${name}`, err: `unable to delete PodCertificateRequest ${JSON.stringify(`${ns}/${name}`)}: ${(err as Error).message}` });
        }
      }
      await sleep(clock, opts.pollingIntervalMs ?? POLLING_INTERVAL_MS, ctx.signal).catch(() => undefined);
    }
    log.info('Shutting down PodCertificateRequest cleaner controller');
  };
}
