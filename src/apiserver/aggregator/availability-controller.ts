// The availability controller of remote APIServices, as Kubernetes runs it in the aggregator:
// each remote APIService is checked (availability-check.ts) when it is added or changed, when its
// service or endpoints change, every 30 seconds, and after a failed discovery check again with
// backoff (5 ms doubling to 30 s); the Available condition is written through the store only when
// it changed. Local APIServices are Available from their creation and are not checked.
import type { APIService } from '../../api/apiregistration/v1/types.ts';
import { klog } from '../../component-base/logs/klog.ts';
import type { StoreView } from '../registry/admissionregistration/store-view.ts';
import { checkAvailability, type CheckDeps } from './availability-check.ts';
import { withAvailable } from './conditions.ts';

const log = klog('aggregator/availability');
const RESYNC_MS = 30_000;
const BACKOFF_BASE_MS = 5;
const BACKOFF_MAX_MS = 30_000;

export interface AvailabilityDeps extends CheckDeps {
  apiServices: StoreView<APIService>;
  /** Writes the status of the named APIService: `next` maps the stored object to the one to store. */
  writeStatus(name: string, next: (current: APIService) => APIService | undefined): Promise<void>;
  resyncMs?: number;
}

export interface AvailabilityController {
  /** Checks the APIServices whose service is namespace/name again. */
  serviceChanged(namespace: string, name: string): void;
  stop(): void;
}

export function startAvailabilityController(deps: AvailabilityDeps): AvailabilityController {
  const seen = new Map<string, APIService>();
  const inFlight = new Set<string>();
  const dirty = new Set<string>();
  const failures = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const isRemote = (api: APIService | undefined) => Boolean(api?.spec?.service);

  function enqueue(name: string): void {
    if (stopped) return;
    if (inFlight.has(name)) {
      dirty.add(name);
      return;
    }
    inFlight.add(name);
    void sync(name).finally(() => {
      inFlight.delete(name);
      if (dirty.delete(name)) enqueue(name);
    });
  }

  function later(name: string, ms: number): void {
    const t = setTimeout(() => {
      timers.delete(t);
      enqueue(name);
    }, ms);
    t.unref();
    timers.add(t);
  }

  async function sync(name: string): Promise<void> {
    const api = deps.apiServices.get(name);
    if (!api || !isRemote(api)) return void failures.delete(name);
    try {
      const result = await checkAvailability(api, deps);
      if (stopped) return;
      await deps.writeStatus(name, (current) => {
        if (!isRemote(current)) return undefined;
        const { api: next, changed } = withAvailable(current, result.condition);
        if (changed && result.condition.status !== (current.status?.conditions?.find((c) => c.type === 'Available')?.status ?? 'Unknown')) {
          log.info('Changing APIService availability', { name, newStatus: result.condition.status, reason: result.condition.reason ?? '', message: result.condition.message ?? '' }, 2);
        }
        return changed ? next : undefined;
      });
      if (!result.retry) return void failures.delete(name);
      const n = failures.get(name) ?? 0;
      failures.set(name, n + 1);
      later(name, Math.min(BACKOFF_BASE_MS * 2 ** n, BACKOFF_MAX_MS));
    } catch (err) {
      if (stopped) return;
      log.error('Checking an APIService failed; retrying', { name, err: (err as Error).message });
      later(name, BACKOFF_MAX_MS);
    }
  }

  for (const api of deps.apiServices.list()) {
    seen.set(api.metadata.name ?? '', api);
    if (isRemote(api)) enqueue(api.metadata.name ?? '');
  }
  deps.apiServices.onChange(() => {
    const now = new Map(deps.apiServices.list().map((a) => [a.metadata.name ?? '', a]));
    for (const [name, api] of now) if (seen.get(name) !== api && isRemote(api)) enqueue(name);
    seen.clear();
    for (const [name, api] of now) seen.set(name, api);
  });
  const resync = setInterval(() => {
    for (const api of deps.apiServices.list()) if (isRemote(api)) enqueue(api.metadata.name ?? '');
  }, deps.resyncMs ?? RESYNC_MS);
  resync.unref();

  return {
    serviceChanged(namespace, name) {
      for (const api of deps.apiServices.list()) {
        if (api.spec.service?.namespace === namespace && api.spec.service?.name === name) enqueue(api.metadata.name ?? '');
      }
    },
    stop() {
      stopped = true;
      clearInterval(resync);
      for (const t of timers) clearTimeout(t);
    },
  };
}
