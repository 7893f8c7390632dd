// A custom resource's store as one served version sees it when the definition converts by webhook:
// the shared store keeps objects as they were written (in the storage version, or an older one),
// and this view converts what it reads into the served version and what it writes into the storage
// version. The watch cache below stays in stored form and shared by every version.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { DeleteOptions, GetOptions, GuaranteedUpdateOptions, ListOptions, ListResult, Store, WatchEvent, WatchOptions, Watcher } from '../../../storage/interface.ts';
import type { Converter } from './webhook-converter.ts';
import { asStatusError } from '../../../component-base/logs/internal-error.ts';
import { klog } from '../../../component-base/logs/klog.ts';

const log = klog('apiextensions/conversion');

function statusObject(err: unknown): unknown {
  return asStatusError(log, 'converting a watched object failed', err).status;
}

export function convertingStore<T extends ApiObject>(inner: Store<T>, converter: Converter, servedVersion: string, storageVersion: string): Store<T> {
  const toServed = async (obj: T): Promise<T> => (await converter.convert([obj], servedVersion))[0] as T;
  const toStorage = async (obj: T): Promise<T> => (await converter.convert([obj], storageVersion))[0] as T;
  return {
    async create(key: string, obj: T, ttlSeconds?: number) {
      return toServed(await inner.create(key, await toStorage(obj), ttlSeconds));
    },
    async get(key: string, opts?: GetOptions) {
      const obj = await inner.get(key, opts);
      return obj && toServed(obj);
    },
    async list(key: string, opts: ListOptions<T>): Promise<ListResult<T>> {
      const out = await inner.list(key, opts);
      return { ...out, items: (await converter.convert(out.items, servedVersion)) as T[] };
    },
    async guaranteedUpdate(key: string, opts: GuaranteedUpdateOptions<T>) {
      const updated = await inner.guaranteedUpdate(key, {
        ...opts,
        tryUpdate: async (current) => {
          const result = await opts.tryUpdate(current && (await toServed(current)));
          return { ...result, object: await toStorage(result.object) };
        },
      });
      return toServed(updated);
    },
    async delete(key: string, opts?: DeleteOptions<T>) {
      const validate = opts?.validateDeletion;
      const removed = await inner.delete(key, { ...opts, ...(validate ? { validateDeletion: async (current: T) => validate(await toServed(current)) } : {}) });
      return toServed(removed);
    },
    async watch(key: string, opts: WatchOptions<T>): Promise<Watcher<T>> {
      const watcher = await inner.watch(key, opts);
      return {
        stop: () => watcher.stop(),
        async *[Symbol.asyncIterator](): AsyncIterator<WatchEvent<T>> {
          for await (const ev of watcher) {
            if (ev.type === 'BOOKMARK' || ev.type === 'ERROR') {
              yield ev;
              continue;
            }
            try {
              yield { type: ev.type, object: await toServed(ev.object) };
            } catch (err) {
              // A watch cannot go on past an object it cannot convert: it ends with the reason.
              watcher.stop();
              yield { type: 'ERROR', object: statusObject(err) as unknown as T };
              return;
            }
          }
        },
      };
    },
    currentRevision: () => inner.currentRevision(),
    count: (prefix: string) => inner.count(prefix),
    // The shared store is closed with the others; a view has nothing of its own to close.
    close: async () => {},
  };
}
