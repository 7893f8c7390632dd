// The horizontal-pod-autoscaler controller, as Kubernetes 1.35 runs it (pkg/controller/podautoscaler):
// every autoscalers/v2 HorizontalPodAutoscaler is reconciled once per
// --horizontal-pod-autoscaler-sync-period (an add or update waits for the period too, as there; a
// key already waiting keeps its turn), by --concurrent-horizontal-pod-autoscaler-syncs workers.
// Targets are reached through their scale subresource; pod usage through the resource metrics API
// (metrics.k8s.io) the API server serves by aggregation; pods from a shared informer. The scaling
// memory (recommendations, recent changes) of a deleted autoscaler is dropped.
import type { HorizontalPodAutoscaler } from '../../../api/autoscaling/v2/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { NAMESPACE_INDEX } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import type { RateLimiter } from '../../../client/workqueue/rate-limiters.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isNotFound } from '../../../machinery/status.ts';
import type { HPAControllerOptions } from '../../../options/controllermanager/hpa-controller-options.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForSync } from '../serviceaccount/queue-worker.ts';
import { restResourceMetricsClient, type ResourceMetricsClient } from './metrics-client.ts';
import { hpaKey, reconcileAutoscaler } from './reconcile.ts';
import { ScalingHistory } from './scaling-behavior.ts';
import { restScaleTargets, type ScaleTargets } from './scale-targets.ts';

const log = klog('controllermanager/podautoscaler');

export const CONTROLLER_NAME = 'horizontal-pod-autoscaler-controller';
const HPAS = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' };
const PODS = { group: '', version: 'v1', resource: 'pods' };
const DEFAULT_WORKERS = 5;

/** Every requeue waits one sync period (Kubernetes' fixed-interval HPA rate limiter). */
class FixedIntervalRateLimiter<T> implements RateLimiter<T> {
  private readonly intervalMs: number;
  constructor(intervalMs: number) {
    this.intervalMs = intervalMs;
  }
  when(): number {
    return this.intervalMs;
  }
  forget(): void {}
  numRequeues(): number {
    return 0;
  }
}

export interface HPAControllerSettings extends HPAControllerOptions {
  clock?: Clock;
  /** Stand-ins for tests; the REST ones otherwise. */
  metrics?: ResourceMetricsClient;
  scales?: ScaleTargets;
}

export function horizontalPodAutoscalerController(settings: HPAControllerSettings): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the horizontal pod autoscaler controller needs an API client and informers');
    const clock = settings.clock ?? realClock;
    const hpas = ctx.informers.informerFor<HorizontalPodAutoscaler>(HPAS);
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const queue = new RateLimitingQueue<string>(clock, new FixedIntervalRateLimiter(settings.syncPeriodMs));
    const history = new ScalingHistory(settings.downscaleStabilizationMs, () => clock.now());
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const enqueue = (hpa: HorizontalPodAutoscaler) => queue.addRateLimited(hpaKey(hpa));
    hpas.addEventHandler({
      onAdd: enqueue,
      onUpdate: (_old, hpa) => enqueue(hpa),
      onDelete: (hpa) => history.forget(hpaKey(hpa)),
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    log.info('Starting controller', { controller: CONTROLLER_NAME });
    await waitForSync(ctx.signal, hpas, pods);
    if (ctx.signal.aborted) {
      // Stopped before the caches synced: the broadcaster's timers must not hold the process.
      await events.broadcaster.shutdown();
      return;
    }

    const deps = {
      now: () => clock.now(),
      scales: settings.scales ?? restScaleTargets(client),
      metrics: settings.metrics ?? restResourceMetricsClient(client),
      pods: (namespace: string, selector: { matches(labels: Record<string, string> | undefined): boolean }) =>
        pods.indexer.byIndex(NAMESPACE_INDEX, namespace).filter((pod) => selector.matches(pod.metadata.labels)),
      updateStatus: async (hpa: HorizontalPodAutoscaler) => {
        await client.request({ method: 'PUT', path: `${collectionPath(HPAS, hpa.metadata.namespace)}/${encodeURIComponent(hpa.metadata.name ?? '')}/status`, body: hpa, signal: ctx.signal });
      },
      recorder: events.recorder,
      history,
      tolerance: settings.tolerance,
      timings: { cpuInitializationPeriodMs: settings.cpuInitializationPeriodMs, initialReadinessDelayMs: settings.initialReadinessDelayMs },
      signal: ctx.signal,
    };

    /** reconcileKey: false when the autoscaler is gone. */
    const reconcileKey = async (key: string): Promise<boolean> => {
      const hpa = hpas.indexer.get(key);
      if (!hpa) {
        log.info('Horizontal Pod Autoscaler has been deleted', { HPA: key }, 4);
        history.forget(key);
        return false;
      }
      try {
        await reconcileAutoscaler(hpa, deps);
      } catch (err) {
        if (!ctx.signal.aborted && !isNotFound(err)) log.error('Reconcile failed', { HPA: key, err: (err as Error).message });
      }
      return true;
    };

    const worker = async () => {
      for (;;) {
        const next = await queue.get();
        if (next.shutdown) return;
        try {
          // Requeued after every pass, so each autoscaler is seen once per period even when a resync raced the pass.
          if (await reconcileKey(next.item)) queue.addRateLimited(next.item);
        } finally {
          queue.done(next.item);
        }
      }
    };
    const workers = settings.workers > 0 ? settings.workers : DEFAULT_WORKERS;
    await Promise.all(Array.from({ length: workers }, worker));
    await events.broadcaster.shutdown();
    log.info('Shutting down controller', { controller: CONTROLLER_NAME });
  };
}
