// Update (PUT): replace the object, conditionally on its resourceVersion unless the resource
// allows unconditional updates; create it when missing if the resource allows that.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { isStorageError } from '../../../storage/interface.ts';
import { groupResource, served, servedForReading, type InstalledResource, type WriteOptions, type WriteResult } from './context.ts';
import { objectKey } from './keys.ts';
import { ensureNameMatches, ensureNamespaceMatches } from './namespace-match.ts';
import { interpretStorageError } from './storage-errors.ts';
import { computeUpdate, type UpdateStep } from './update-core.ts';

export async function updateObject<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  name: string,
  namespace: string,
  obj: T,
  opts: WriteOptions,
): Promise<WriteResult<T>> {
  const decl = res.declaration;
  ensureNamespaceMatches(obj, namespace, decl.namespaced);
  ensureNameMatches(obj, name);
  const stepOptions = {
    allowCreate: decl.strategy.allowCreateOnUpdate,
    allowUnconditional: decl.strategy.allowUnconditionalUpdate,
    fieldManager: opts.fieldManager,
    namespace,
    dryRun: opts.dryRun,
    user: opts.user,
  };
  return writeThrough(res, name, namespace, opts.dryRun, stepOptions.allowCreate, (current) =>
    computeUpdate(res, name, current, structuredClone(obj), stepOptions),
  );
}

/**
 * Runs `step` against the current stored object inside the store's guaranteed update (retried on
 * races), or once against a plain read under dryRun.
 */
export async function writeThrough<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  name: string,
  namespace: string,
  dryRun: boolean,
  allowCreate: boolean,
  step: (current: S | undefined) => UpdateStep<S> | Promise<UpdateStep<S>>,
): Promise<WriteResult<T>> {
  const decl = res.declaration;
  const key = objectKey(decl, namespace, name);
  const errCtx = { resource: groupResource(decl), name, storeName: res.storeName };
  try {
    if (dryRun) {
      const current = await res.store.get(key, { ignoreNotFound: true });
      const out = await step(current);
      await out.reserved?.undo();
      return { object: served(decl, out.stored), created: out.created, warnings: out.warnings };
    }
    let last: UpdateStep<S> | undefined;
    let before: S | undefined;
    let stored: S;
    try {
      stored = await res.store.guaranteedUpdate(key, {
        ignoreNotFound: allowCreate,
        tryUpdate: async (current) => {
          // A retried attempt gives back what the lost one reserved.
          await last?.reserved?.undo();
          last = undefined;
          before = current;
          last = await step(current);
          return { object: last.stored, ttlSeconds: decl.ttlSeconds?.(last.stored) };
        },
      });
    } catch (err) {
      await last?.reserved?.undo();
      throw err;
    }
    await last?.reserved?.commit();
    const object = before && finishesDeletion(res, stored, before) ? await removeFinalized(res, key, stored) : stored;
    return { object: servedForReading(decl, object), created: last?.created ?? false, warnings: last?.warnings ?? [] };
  } catch (err) {
    throw interpretStorageError(err, errCtx);
  }
}

/** An update that leaves a marked object without finalizers completes its deletion. */
function finishesDeletion<S extends ApiObject>(res: InstalledResource<any, S>, next: S, old: S): boolean {
  if (!old.metadata.deletionTimestamp || (old.metadata.deletionGracePeriodSeconds ?? 0) !== 0) return false;
  if ((next.metadata.finalizers ?? []).length > 0) return false;
  const deletion = res.declaration.deletion;
  return !deletion?.hasPendingFinalizers || !deletion.hasPendingFinalizers(res.declaration.fromStored(next));
}

/** Removes the object just written, unless someone changed it since; returns its last state. */
async function removeFinalized<S extends ApiObject>(res: InstalledResource<any, S>, key: string, stored: S): Promise<S> {
  try {
    const removed = await res.store.delete(key, { preconditions: { uid: stored.metadata.uid, resourceVersion: stored.metadata.resourceVersion } });
    await res.allocation?.release(res.declaration.fromStored(removed));
    return removed;
  } catch (err) {
    // Deleted or changed concurrently: whoever did that owns the outcome.
    if (isStorageError(err, 'NotFound') || isStorageError(err, 'Conflict')) return stored;
    throw err;
  }
}
