// The API server's own controller of CustomResourceDefinitions, the work Kubernetes' apiextensions
// server splits into its naming, establishing, finalizing and serving parts: it watches the stored
// definitions and, one definition at a time, accepts its names (or reports the conflict),
// establishes it, serves its versions through the ServedResources registry (routes, discovery and
// OpenAPI follow at once), and when one is deleted, deletes its objects before it lets it go.
import type { CustomResourceDefinition } from '../../api/apiextensions/v1/types.ts';
import { CUSTOM_RESOURCE_CLEANUP_FINALIZER } from '../../api/apiextensions/v1/types.ts';
import type { Store } from '../../storage/interface.ts';
import type { GroupResourceName } from '../../storage/keys.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { isNotFound } from '../../machinery/status.ts';
import type { Admission } from '../admission/types.ts';
import type { ServedResources } from '../endpoints/served-resources.ts';
import type { InstalledResource } from '../registry/generic/context.ts';
import { collectionPrefix, objectKey } from '../registry/generic/keys.ts';
import { deleteObject } from '../registry/generic/delete.ts';
import { nowTimestamp } from '../registry/generic/object-meta.ts';
import { isStorageError } from '../../storage/interface.ts';
import { conditionOf, decideNames, withCondition } from './crd-names.ts';
import { approvalCondition } from './api-approval.ts';
import { byWebhook, customResourceDeclaration, storageVersionOf } from './custom-resource-declaration.ts';
import type { CustomResource } from './custom-resource.ts';
import { convertingStore } from './conversion/converting-store.ts';
import { webhookConverter } from './conversion/webhook-converter.ts';
import { customResourceOpenApi } from './custom-resource-openapi.ts';
import type { CustomResourceValidator } from './custom-resource-strategy.ts';
import type { ServiceResolver } from '../aggregator/resolver.ts';
import type { EgressDialer } from '../egress/selector.ts';

const log = klog('apiextensions');

/** How soon a definition whose objects are still being deleted is looked at again. */
const CLEANUP_RETRY_MS = 1000;
/** How soon the watch of definitions is opened again after it ended. */
const REWATCH_MS = 500;

export interface CrdControllerDeps {
  /** The customresourcedefinitions resource as stored (its store and declaration). */
  definitions: InstalledResource<CustomResourceDefinition, CustomResourceDefinition>;
  served: ServedResources;
  storeFor(gr: GroupResourceName): Store<any>;
  storeNameFor(gr: GroupResourceName): string;
  admission?: Admission;
  garbageCollection?: boolean;
  /** Reaches conversion webhooks named by a service reference. */
  resolveService?: ServiceResolver;
  /** The egress selector's cluster dialer, for conversion webhooks. */
  clusterDialer?: EgressDialer;
  /** The validator of one version's objects. */
  validatorFor(crd: CustomResourceDefinition, version: string): CustomResourceValidator;
}

export interface CrdController {
  /** Settles once every definition stored at start is served (or found not established). */
  synced: Promise<void>;
  stop(): void;
}

export function startCrdController(deps: CrdControllerDeps): CrdController {
  const store = deps.definitions.store;
  const decl = deps.definitions.declaration;
  const known = new Map<string, CustomResourceDefinition>();
  /** What each served definition was served from, so an unchanged one is not installed again. */
  const servedFrom = new Map<string, string>();
  const queue = new Set<string>();
  let running = false;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  let markSynced!: () => void;
  const synced = new Promise<void>((resolve) => (markSynced = resolve));

  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) fn();
    }, ms);
    timers.add(t);
  };

  function enqueue(name: string): void {
    queue.add(name);
    if (!running) void drain();
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (queue.size && !stopped) {
        const name = queue.values().next().value!;
        queue.delete(name);
        try {
          await reconcile(name);
        } catch (err) {
          log.error('Reconciling a CustomResourceDefinition failed; retrying', { crd: name, err: String(err) });
          later(() => enqueue(name), CLEANUP_RETRY_MS);
        }
      }
    } finally {
      running = false;
    }
  }

  /** Writes `crd`'s status as `change` leaves it, against the latest stored object. */
  async function writeStatus(name: string, change: (crd: CustomResourceDefinition) => boolean): Promise<void> {
    try {
      await store.guaranteedUpdate(objectKey(decl, '', name), {
        tryUpdate: (current) => {
          if (!current) throw new StatusGone();
          const next = structuredClone(current) as CustomResourceDefinition;
          if (!change(next)) throw new NothingToWrite();
          return { object: next };
        },
      });
    } catch (err) {
      if (err instanceof NothingToWrite || err instanceof StatusGone || isStorageError(err, 'NotFound')) return;
      throw err;
    }
  }

  function versionResources(crd: CustomResourceDefinition): InstalledResource<any, any>[] {
    const gr = { group: crd.spec.group, resource: crd.spec.names.plural };
    const shared = deps.storeFor(gr);
    const storeName = deps.storeNameFor(gr);
    const converter = byWebhook(crd) ? webhookConverter(crd.spec.conversion!, crd.spec.names.kind, deps.resolveService, deps.clusterDialer) : undefined;
    const storageApiVersion = `${crd.spec.group}/${storageVersionOf(crd)}`;
    return crd.spec.versions
      .filter((v) => v.served)
      .map((v) => ({
        declaration: customResourceDeclaration(crd, v, deps.validatorFor(crd, v.name)),
        store: converter ? convertingStore(shared, converter, `${crd.spec.group}/${v.name}`, storageApiVersion) : shared,
        storeName,
        admission: deps.admission,
        garbageCollection: deps.garbageCollection,
      }));
  }

  function serve(crd: CustomResourceDefinition): void {
    const name = crd.metadata.name!;
    const fingerprint = JSON.stringify([crd.spec, crd.status?.acceptedNames]);
    if (servedFrom.get(name) === fingerprint) return;
    deps.served.set(name, versionResources(crd), customResourceOpenApi(crd));
    servedFrom.set(name, fingerprint);
    log.info('Serving custom resources', { crd: name, versions: crd.spec.versions.filter((v) => v.served).map((v) => v.name).join(',') }, 2);
  }

  function unserve(name: string): void {
    servedFrom.delete(name);
    if (deps.served.delete(name)) log.info('Stopped serving custom resources', { crd: name }, 2);
  }

  async function reconcile(name: string): Promise<void> {
    const crd = known.get(name);
    if (!crd) return unserve(name);
    if (crd.metadata.deletionTimestamp) return finalize(crd);
    const names = decideNames(crd, known.values());
    const now = nowTimestamp();
    await writeStatus(name, (c) => {
      const before = JSON.stringify(c.status ?? {});
      const status = (c.status ??= {});
      status.acceptedNames = names.accepted;
      status.conditions = withCondition(status.conditions, names.condition, now);
      if (names.condition.status === 'True' && conditionOf(c, 'Established')?.status !== 'True') {
        status.conditions = withCondition(status.conditions, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' }, now);
      }
      const approval = approvalCondition(c);
      if (approval) status.conditions = withCondition(status.conditions, approval, now);
      const storage = storageVersionOf(c);
      if (!(status.storedVersions ?? []).includes(storage)) status.storedVersions = [...(status.storedVersions ?? []), storage];
      return JSON.stringify(status) !== before;
    });
    // The write comes back through the watch; a definition is served once it is established.
    if (conditionOf(crd, 'Established')?.status === 'True' && crd.status?.acceptedNames?.plural) serve(crd);
  }

  /** Deletes every object of a definition being deleted, then lets the definition go. */
  async function finalize(crd: CustomResourceDefinition): Promise<void> {
    const name = crd.metadata.name!;
    if (!crd.metadata.finalizers?.includes(CUSTOM_RESOURCE_CLEANUP_FINALIZER)) return;
    await writeStatus(name, (c) => {
      if (conditionOf(c, 'Terminating')?.reason === 'InstanceDeletionInProgress') return false;
      (c.status ??= {}).conditions = withCondition(c.status.conditions, { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' }, nowTimestamp());
      return true;
    });
    const storage = versionResources(crd).find((r) => r.declaration.version === storageVersionOf(crd)) ?? versionResources(crd)[0];
    if (storage) {
      const prefix = collectionPrefix(storage.declaration, '');
      const { items } = await storage.store.list(prefix, { recursive: true, resourceVersion: '' });
      for (const obj of items as CustomResource[]) {
        if (obj.metadata.deletionTimestamp) continue;
        try {
          await deleteObject(storage, obj.metadata.name ?? '', obj.metadata.namespace ?? '', { dryRun: false });
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      // Objects with finalizers of their own are waited for, as Kubernetes waits.
      const left = await storage.store.list(prefix, { recursive: true, resourceVersion: '', limit: 1 });
      if (left.items.length) {
        later(() => enqueue(name), CLEANUP_RETRY_MS);
        return;
      }
    }
    unserve(name);
    await store.guaranteedUpdate(objectKey(decl, '', name), {
      tryUpdate: (current) => {
        if (!current) throw new StatusGone();
        const next = structuredClone(current) as CustomResourceDefinition;
        next.metadata.finalizers = (next.metadata.finalizers ?? []).filter((f) => f !== CUSTOM_RESOURCE_CLEANUP_FINALIZER);
        if (!next.metadata.finalizers.length) delete next.metadata.finalizers;
        return { object: next };
      },
    }).catch((err) => {
      if (!(err instanceof StatusGone) && !isStorageError(err, 'NotFound')) throw err;
    });
    // Without finalizers left, the definition itself goes.
    const latest = (await store.get(objectKey(decl, '', name), { ignoreNotFound: true })) as CustomResourceDefinition | undefined;
    if (latest?.metadata.deletionTimestamp && !latest.metadata.finalizers?.length) {
      await store.delete(objectKey(decl, '', name), { preconditions: { uid: latest.metadata.uid } }).catch((err) => {
        if (!isStorageError(err, 'NotFound') && !isStorageError(err, 'Conflict')) throw err;
      });
    }
  }

  async function watchLoop(): Promise<void> {
    while (!stopped) {
      try {
        const prefix = collectionPrefix(decl, '');
        const listed = await store.list(prefix, { recursive: true, resourceVersion: '' });
        const present = new Set<string>();
        for (const crd of listed.items) {
          present.add(crd.metadata.name!);
          known.set(crd.metadata.name!, crd);
        }
        for (const name of [...known.keys()]) if (!present.has(name)) known.delete(name);
        for (const name of new Set([...present, ...servedFrom.keys()])) enqueue(name);
        // Served once the first pass over what was stored is done.
        void whenDrained().then(markSynced);
        const watcher = await store.watch(prefix, { recursive: true, resourceVersion: listed.resourceVersion });
        stopWatch = () => watcher.stop();
        for await (const ev of watcher) {
          if (ev.type === 'BOOKMARK') continue;
          if (ev.type === 'ERROR') break;
          const crd = ev.object;
          const name = crd.metadata.name!;
          if (ev.type === 'DELETED') known.delete(name);
          else known.set(name, crd);
          enqueue(name);
          // A change of names may free names another definition of the group wanted.
          for (const other of known.values()) if (other.spec.group === crd.spec.group && other.metadata.name !== name) enqueue(other.metadata.name!);
        }
      } catch (err) {
        if (!stopped) log.error('Watching CustomResourceDefinitions failed; watching again', { err: String(err) });
      }
      if (!stopped) await new Promise((r) => later(() => r(undefined), REWATCH_MS));
    }
  }

  async function whenDrained(): Promise<void> {
    while (queue.size || running) await new Promise((r) => setTimeout(r, 5));
  }

  let stopWatch: (() => void) | undefined;
  void watchLoop();
  return {
    synced,
    stop() {
      stopped = true;
      stopWatch?.();
      for (const t of timers) clearTimeout(t);
      markSynced();
    },
  };
}

class NothingToWrite extends Error {}
class StatusGone extends Error {}
