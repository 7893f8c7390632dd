// Delete every object a list selects, with a bounded number of parallel workers; returns the
// deleted objects, as Kubernetes answers delete collection.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { isNotFound } from '../../../machinery/status.ts';
import type { InstalledResource } from './context.ts';
import { deleteObject, type DeleteRequest } from './delete.ts';
import { listObjects, type ListOutcome } from './list.ts';
import type { ListQuery } from './list-options.ts';

/** The list's metadata with the objects deleted, as the response lists them. */
export type DeletedCollection<T> = Omit<ListOutcome<ApiObject>, 'entries'> & { items: T[] };

export async function deleteCollection<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  namespace: string,
  query: ListQuery,
  opts: DeleteRequest & { workers: number },
): Promise<DeletedCollection<T>> {
  const { entries, ...meta } = await listObjects(res, namespace, query);
  const listed = entries.map((e) => e.object());
  const deleted: T[] = [];
  // Preconditions name one object; a collection delete applies the rest to each item.
  const perItem: DeleteRequest = { dryRun: opts.dryRun, user: opts.user, propagationPolicy: opts.propagationPolicy, orphanDependents: opts.orphanDependents, gracePeriodSeconds: opts.gracePeriodSeconds };
  let next = 0;
  const worker = async () => {
    while (next < listed.length) {
      const item = listed[next++]!;
      try {
        deleted.push((await deleteObject(res, item.metadata.name!, item.metadata.namespace ?? '', perItem)).object);
      } catch (err) {
        // Gone already (another deleter, or its TTL): not an error for a collection delete.
        if (isNotFound(err)) continue;
        throw err;
      }
    }
  };
  const workers = Math.max(1, Math.min(opts.workers, listed.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return { ...meta, items: deleted };
}
