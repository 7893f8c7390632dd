// Create: system metadata, strategy, validation, then one store write (or none under dryRun).
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { isStorageError } from '../../../storage/interface.ts';
import { alreadyExists, invalid, isAlreadyExists } from '../../../machinery/status.ts';
import { groupKind, groupResource, served, servedForReading, type InstalledResource, type WriteOptions, type WriteResult } from './context.ts';
import { objectKey } from './keys.ts';
import { fillCreateMeta, generateName, validateCommonMeta, validateThenCommon } from './object-meta.ts';
import { ensureNamespaceMatches } from './namespace-match.ts';
import { interpretStorageError } from './storage-errors.ts';
import { recordUpdateManager } from './managed-fields.ts';
import { admitMutating, admitValidating } from './admission-step.ts';

/** Attempts at a fresh generated name when the first one is taken. */
export const GENERATE_NAME_ATTEMPTS = 8;

export async function createObject<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  obj: T,
  namespace: string,
  opts: WriteOptions,
): Promise<WriteResult<T>> {
  const decl = res.declaration;
  const strategy = decl.strategy;
  ensureNamespaceMatches(obj, namespace, decl.namespaced);
  const admission = { operation: 'CREATE' as const, namespace, dryRun: opts.dryRun, user: opts.user };
  // The writer owns the fields it sent, as Kubernetes records them before admission: what
  // admission plugins and the strategy add (a pod's token volume, its status) belongs to no one,
  // so a later apply by the same manager does not take it away.
  const managedFields = opts.fieldManager ? recordUpdateManager(obj, undefined, opts.fieldManager, obj.apiVersion ?? '', decl.schema).metadata.managedFields : undefined;
  // Most requests have no admission work to wait for; awaiting only a promise spares them the turn.
  const mutating = admitMutating(res, { ...admission, name: obj.metadata.name ?? '', object: obj });
  if (mutating) await mutating;
  ensureNamespaceMatches(obj, namespace, decl.namespaced);
  fillCreateMeta(obj);
  strategy.prepareForCreate(obj, { user: opts.user });
  const generated = !obj.metadata.name && !!obj.metadata.generateName;
  if (generated) obj.metadata.name = generateName(obj.metadata.generateName!);
  const causes = validateThenCommon(strategy.validate(obj), () => validateCommonMeta(obj, decl.namespaced));
  if (causes.length) throw invalid(groupKind(decl), obj.metadata.name ?? '', causes);
  const validating = admitValidating(res, { ...admission, name: obj.metadata.name ?? '', object: obj });
  if (validating) await validating;
  strategy.canonicalize(obj);
  const warnings = strategy.warningsOnCreate(obj);
  if (managedFields) obj = { ...obj, metadata: { ...obj.metadata, managedFields } };
  const reserved = res.allocation ? await res.allocation.reserve(obj, undefined, opts.dryRun) : undefined;
  let out: WriteResult<T>;
  try {
    out = await storeNew(res, obj, opts.dryRun, generated, warnings);
  } catch (err) {
    await reserved?.undo();
    throw err;
  }
  await (opts.dryRun ? reserved?.undo() : reserved?.commit());
  return out;
}

/** One store write of the new object, with fresh generated names while they collide. */
async function storeNew<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  obj: T,
  dryRun: boolean,
  generated: boolean,
  warnings: string[],
): Promise<WriteResult<T>> {
  const decl = res.declaration;
  for (let attempt = 1; ; attempt++) {
    const name = obj.metadata.name!;
    const key = objectKey(decl, obj.metadata.namespace ?? '', name);
    const stored = decl.toStored(obj);
    try {
      if (dryRun) {
        if (await res.store.get(key, { ignoreNotFound: true })) throw alreadyExists(groupResource(decl), name);
        return { object: served(decl, stored), created: true, warnings };
      }
      const out = await res.store.create(key, stored, decl.ttlSeconds?.(stored));
      return { object: servedForReading(decl, out), created: true, warnings };
    } catch (err) {
      const taken = isStorageError(err, 'KeyExists') || isAlreadyExists(err);
      if (taken && generated && attempt < GENERATE_NAME_ATTEMPTS) {
        obj.metadata.name = generateName(obj.metadata.generateName!);
        continue;
      }
      throw interpretStorageError(err, { resource: groupResource(decl), name, storeName: res.storeName });
    }
  }
}
