// The node port bitmap kept in storage, as Kubernetes keeps it: one RangeAllocation object at
// /registry/ranges/servicenodeports, changed only by compare-and-swap, so API servers sharing the
// store never hand out the same port. Changes are applied in batches: every operation that arrives
// while a write is under way joins the next one, so concurrent creates cost one write per batch
// instead of one each, and a lost race re-applies the batch to the bitmap that won.
import { klog } from '../../../../../component-base/logs/klog.ts';
import type { ApiObject, ObjectMeta, Store } from '../../../../../storage/interface.ts';
import { storageKey, type GroupResourceName } from '../../../../../storage/keys.ts';
import { REGISTRY_PREFIX } from '../../../generic/keys.ts';
import { rangeNotReady } from './allocation-errors.ts';
import { PortBitmap, portRangeString, type PortRange } from './port-bitmap.ts';

const log = klog('registry/services/portallocator');

export const RANGES_RESOURCE: GroupResourceName = { group: '', resource: 'ranges' };
export const NODE_PORTS_KEY = storageKey(REGISTRY_PREFIX, RANGES_RESOURCE, '', 'servicenodeports');

/** Kubernetes' internal api.RangeAllocation: the range and its bitmap. */
export interface RangeAllocation extends ApiObject {
  metadata: ObjectMeta;
  range: string;
  data: string;
}

/** A change to the bitmap, applied to a private copy: it may throw to refuse, leaving the copy as it found it. */
export type BitmapOp<T> = (bitmap: PortBitmap) => T;

interface Pending {
  op: BitmapOp<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** Parses a stored "N1-N2" range. */
function parseStoredRange(text: string): PortRange | undefined {
  const m = /^(\d+)-(\d+)$/.exec(text);
  if (!m) return undefined;
  const base = Number(m[1]);
  const size = Number(m[2]) - base + 1;
  return size > 0 ? { base, size } : undefined;
}

/** The stored bitmap seen over `range`; ports of a range given before a restart keep their bits where both ranges hold them. */
export function bitmapOf(range: PortRange, stored: RangeAllocation): PortBitmap {
  if (stored.range === portRangeString(range)) return PortBitmap.restore(range, stored.data);
  const old = parseStoredRange(stored.range);
  const map = new PortBitmap(range);
  if (!old) return map;
  const before = PortBitmap.restore(old, stored.data);
  for (let p = Math.max(old.base, range.base); p < Math.min(old.base + old.size, range.base + range.size); p++) if (before.has(p)) map.set(p);
  return map;
}

export function rangeAllocation(bitmap: PortBitmap, meta: ObjectMeta): RangeAllocation {
  return { apiVersion: 'v1', kind: 'RangeAllocation', metadata: meta, range: portRangeString(bitmap.range), data: bitmap.snapshot() };
}

export class NodePortAllocator {
  readonly range: PortRange;
  private readonly store: Store<RangeAllocation>;
  private queue: Pending[] = [];
  private running = false;

  constructor(range: PortRange, store: Store<RangeAllocation>) {
    this.range = range;
    this.store = store;
  }

  get rangeText(): string {
    return portRangeString(this.range);
  }

  /** Applies `op` to the stored bitmap and stores the result; resolves with what `op` returned once it is stored. */
  apply<T>(op: BitmapOp<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ op, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) void this.drain();
    });
  }

  /** The stored bitmap, read without writing (dry runs, repair). */
  async read(): Promise<{ bitmap: PortBitmap; stored?: RangeAllocation }> {
    const stored = await this.store.get(NODE_PORTS_KEY, { ignoreNotFound: true });
    return { bitmap: stored ? bitmapOf(this.range, stored) : new PortBitmap(this.range), stored };
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) {
        const batch = this.queue;
        this.queue = [];
        await this.write(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    let outcomes: Array<{ ok: true; value: unknown } | { ok: false; err: unknown }> = [];
    try {
      await this.store.guaranteedUpdate(NODE_PORTS_KEY, {
        tryUpdate: (current) => {
          // The repair creates the object at start-up; until then there is nothing to allocate from, as in Kubernetes.
          if (!current) throw rangeNotReady('servicenodeports');
          const bitmap = bitmapOf(this.range, current);
          outcomes = batch.map(({ op }) => {
            const before = bitmap.clone();
            try {
              return { ok: true as const, value: op(bitmap) };
            } catch (err) {
              restoreInto(bitmap, before);
              return { ok: false as const, err };
            }
          });
          return { object: rangeAllocation(bitmap, { ...current.metadata }) };
        },
      });
    } catch (err) {
      log.info('Storing the node port bitmap failed', { err: String((err as Error)?.message ?? err) }, 2);
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.ok) p.resolve(o.value);
      else p.reject(o.err);
    });
  }
}

function restoreInto(target: PortBitmap, from: PortBitmap): void {
  for (let p = target.range.base; p < target.range.base + target.range.size; p++) {
    if (from.has(p)) target.set(p);
    else target.clear(p);
  }
}
