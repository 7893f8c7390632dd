// Keeps the node graph current from the stores of the kinds it is made of: each is listed, then
// watched from the list's revision; a watch that ends (compaction, a slow watcher cut off) lists
// the kind again, replacing what the graph held of it. Kinds this server does not serve are left out.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { PersistentVolume } from '../../../api/core/v1/volume-types.ts';
import type { Store } from '../../../storage/interface.ts';
import type { InstalledResource } from '../../registry/generic/context.ts';
import { collectionPrefix } from '../../registry/generic/keys.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { NodeGraph } from './graph.ts';

const log = klog('authorization/node');
const RETRY_MS = 1000;

/** How one kind's objects enter and leave the graph. */
interface GraphSource {
  kind: string;
  store: Store<ApiObject>;
  prefix: string;
  upsert(obj: ApiObject): void;
  /** Given only the metadata's namespace and name of the object that went away. */
  remove(obj: ApiObject): void;
}

/** What a relist needs to remove an object that is gone: the sync keeps no more of each pod. */
function identityOf(o: ApiObject): ApiObject {
  return { metadata: { namespace: o.metadata.namespace, name: o.metadata.name } };
}

export interface GraphSync {
  /** Resolves once every kind has been listed into the graph. */
  synced: Promise<void>;
  readonly isSynced: boolean;
  stop(): void;
}

const nodeNameOf = (obj: ApiObject) => (obj['spec'] as { nodeName?: string } | undefined)?.nodeName;

/** The graph's sources among the installed resources (by group and plural). */
export function graphSources(graph: NodeGraph, resources: readonly InstalledResource<any, any>[]): GraphSource[] {
  const find = (group: string, plural: string) => resources.find((r) => !r.subresource && r.declaration.group === group && r.declaration.plural === plural && !r.declaration.aliasOf);
  const sources: GraphSource[] = [];
  const add = (group: string, plural: string, upsert: (o: ApiObject) => void, remove: (o: ApiObject) => void) => {
    const res = find(group, plural);
    if (res) sources.push({ kind: plural, store: res.store as Store<ApiObject>, prefix: collectionPrefix(res.declaration, ''), upsert, remove });
  };
  add('', 'pods', (o) => graph.addPod(o as Pod), (o) => graph.deletePod(o.metadata.namespace ?? '', o.metadata.name ?? ''));
  add('', 'persistentvolumes', (o) => graph.addPersistentVolume(o as PersistentVolume), (o) => graph.deletePersistentVolume(o.metadata.name ?? ''));
  add(
    'storage.orch.io',
    'volumeattachments',
    (o) => graph.addNodeObject('volumeattachment', o.metadata.name ?? '', nodeNameOf(o)),
    (o) => graph.deleteNodeObject('volumeattachment', o.metadata.name ?? ''),
  );
  add(
    'resource.orch.io',
    'resourceslices',
    (o) => graph.addNodeObject('resourceslice', o.metadata.name ?? '', nodeNameOf(o)),
    (o) => graph.deleteNodeObject('resourceslice', o.metadata.name ?? ''),
  );
  return sources;
}

export function syncNodeGraph(sources: readonly GraphSource[]): GraphSync {
  const abort = new AbortController();
  const stops: (() => void)[] = [];
  let isSynced = false;
  const syncOne = (src: GraphSource): Promise<void> =>
    new Promise<void>((resolveFirst) => {
      const held = new Map<string, ApiObject>();
      const key = (o: ApiObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
      const loop = async (): Promise<void> => {
        while (!abort.signal.aborted) {
          try {
            const list = await src.store.list(src.prefix, { recursive: true });
            const listed = new Set(list.items.map(key));
            for (const [k, o] of held) if (!listed.has(k)) src.remove(o);
            held.clear();
            for (const o of list.items) {
              held.set(key(o), identityOf(o));
              src.upsert(o);
            }
            resolveFirst();
            const watcher = await src.store.watch(src.prefix, { recursive: true, resourceVersion: list.resourceVersion });
            stops.push(() => watcher.stop());
            if (abort.signal.aborted) watcher.stop();
            for await (const ev of watcher) {
              if (ev.type === 'ADDED' || ev.type === 'MODIFIED') {
                held.set(key(ev.object), identityOf(ev.object));
                src.upsert(ev.object);
              } else if (ev.type === 'DELETED') {
                held.delete(key(ev.object));
                src.remove(ev.object);
              } else if (ev.type === 'ERROR') break;
            }
          } catch (err) {
            if (abort.signal.aborted) return;
            log.warning('Node authorizer watch failed; listing again', { kind: src.kind, err: (err as Error).message });
          }
          if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, RETRY_MS).unref());
        }
      };
      void loop();
    });
  const synced = Promise.all(sources.map(syncOne)).then(() => {
    isSynced = true;
  });
  return {
    synced,
    get isSynced() {
      return isSynced;
    },
    stop() {
      abort.abort();
      for (const s of stops) s();
    },
  };
}
