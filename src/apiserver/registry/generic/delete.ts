// Delete one object, honouring uid/resourceVersion preconditions and finalizers: an object that
// has finalizers (after the propagation policy adds or removes the collector's) is only marked
// with a deletionTimestamp; one without is removed. dryRun writes nothing.
import type { ApiObject, Preconditions } from '../../../storage/interface.ts';
import { conflict, notFound, type GroupResource } from '../../../machinery/status.ts';
import type { UserInfo } from '../../../component-base/serving/request-context.ts';
import { groupResource, served, type InstalledResource } from './context.ts';
import { objectKey } from './keys.ts';
import { interpretStorageError } from './storage-errors.ts';
import { finalizersForDeletion, sameSet, type GcDeleteOptions } from './gc-finalizers.ts';
import { nowTimestamp } from './object-meta.ts';
import { admitMutating, admitValidating } from './admission-step.ts';

export interface DeleteRequest extends GcDeleteOptions {
  dryRun: boolean;
  /** DeleteOptions.gracePeriodSeconds, for resources with graceful deletion. */
  gracePeriodSeconds?: number;
  preconditions?: Preconditions;
  user?: UserInfo;
}

export interface DeleteOutcome<T> {
  /** The removed object's last state, or the marked object while finalizers are pending. */
  object: T;
  /** False when the object was only marked for deletion. */
  deleted: boolean;
}

/** Thrown inside the guaranteed update when the object has nothing to wait for. */
const DELETE_NOW = Symbol('delete now');

export async function deleteObject<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  name: string,
  namespace: string,
  req: DeleteRequest,
): Promise<DeleteOutcome<T>> {
  const decl = res.declaration;
  const gr = groupResource(decl);
  const key = objectKey(decl, namespace, name);
  const admission = { operation: 'DELETE' as const, namespace, name, dryRun: req.dryRun, user: req.user };
  const check = async (current: S) => {
    checkPreconditions(gr, name, current, req.preconditions);
    await admitValidating(res, { ...admission, oldObject: served(decl, current) });
  };
  /** The object as this delete leaves it, or DELETE_NOW. */
  const mark = (current: S): S | typeof DELETE_NOW => {
    const obj = served(decl, current);
    const meta = obj.metadata;
    // Without a garbage collector nobody would act on orphan/foregroundDeletion, so none is added.
    const finalizers = res.garbageCollection === false ? (meta.finalizers ?? []) : finalizersForDeletion(meta.finalizers ?? [], req);
    if (!sameSet(finalizers, meta.finalizers ?? [])) meta.finalizers = finalizers;
    const grace = decl.deletion?.gracePeriodSeconds?.(obj, req.gracePeriodSeconds) ?? 0;
    if (grace > 0) return decl.toStored(markGraceful(obj, grace));
    const pending = finalizers.length > 0 || (decl.deletion?.hasPendingFinalizers?.(obj) ?? false);
    if (!pending) return DELETE_NOW;
    if (!meta.deletionTimestamp) {
      if ((meta.generation ?? 0) > 0) meta.generation = meta.generation! + 1;
      meta.deletionTimestamp = nowTimestamp();
    }
    meta.deletionGracePeriodSeconds = 0;
    decl.deletion?.markDeleting?.(obj);
    return decl.toStored(obj);
  };
  try {
    await admitMutating(res, admission);
    if (req.dryRun) {
      const current = await res.store.get(key, { ignoreNotFound: true });
      if (!current) throw notFound(gr, name);
      await check(current);
      const marked = mark(current);
      return marked === DELETE_NOW ? { object: served(decl, current), deleted: true } : { object: served(decl, marked), deleted: false };
    }
    try {
      const updated = await res.store.guaranteedUpdate(key, {
        tryUpdate: async (current) => {
          if (!current) throw notFound(gr, name);
          await check(current);
          const marked = mark(current);
          if (marked === DELETE_NOW) throw DELETE_NOW;
          return { object: marked };
        },
      });
      return { object: served(decl, updated), deleted: false };
    } catch (err) {
      if (err !== DELETE_NOW) throw err;
    }
    const removed = await res.store.delete(key, {
      validateDeletion: async (current) => {
        await check(current);
        // Finalizers added since the check above keep the object; the client retries the delete.
        if (mark(current) !== DELETE_NOW) throw conflict(gr, name, 'the object gained finalizers while it was being deleted; please retry');
      },
    });
    const object = served(decl, removed);
    await res.allocation?.release(object);
    return { object, deleted: true };
  } catch (err) {
    throw interpretStorageError(err, { resource: gr, name, storeName: res.storeName });
  }
}

/**
 * `obj` marked for a graceful deletion `grace` seconds long: deletionTimestamp at the period's end.
 * A deletion already under way is only ever shortened, never lengthened or restarted.
 */
function markGraceful<T extends ApiObject>(obj: T, grace: number): T {
  const meta = obj.metadata;
  const current = meta.deletionGracePeriodSeconds;
  if (meta.deletionTimestamp && current !== undefined && current <= grace) return obj;
  if (!meta.deletionTimestamp && (meta.generation ?? 0) > 0) meta.generation = meta.generation! + 1;
  meta.deletionTimestamp = nowTimestamp(new Date(Date.now() + grace * 1000));
  meta.deletionGracePeriodSeconds = grace;
  return obj;
}

/** 409 worded as Kubernetes' precondition failures. */
export function checkPreconditions(gr: GroupResource, name: string, current: ApiObject, pre: Preconditions | undefined): void {
  if (!pre) return;
  if (pre.uid && pre.uid !== current.metadata.uid) {
    throw conflict(gr, name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${current.metadata.uid ?? ''}`);
  }
  if (pre.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion) {
    throw conflict(gr, name, `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${current.metadata.resourceVersion ?? ''}`);
  }
}
