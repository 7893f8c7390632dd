// Patch: read the current object, apply the patch document, then the same step as update.
// Apply patches create a missing object (201); other types answer 404.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { notFound } from '../../../machinery/status.ts';
import type { PatchType } from '../../../machinery/patch/index.ts';
import { serverSideApply } from '../../../machinery/managedfields/index.ts';
import { nowTimestamp } from './object-meta.ts';
import { apiVersionOf } from '../resource.ts';
import { groupResource, served, type InstalledResource, type WriteOptions, type WriteResult } from './context.ts';
import { ensureNameMatches, ensureNamespaceMatches } from './namespace-match.ts';
import { applyPatchDocument } from './patch-apply.ts';
import { decodeApplied, decodePatched } from './decode.ts';
import { computeUpdate } from './update-core.ts';
import { writeThrough } from './update.ts';

export interface PatchOptions extends WriteOptions {
  force: boolean;
  /** Keys the patch body repeats, reported with unknown fields as fieldValidation says. */
  duplicateFields?: readonly string[];
}

export async function patchObject<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  name: string,
  namespace: string,
  type: PatchType,
  patch: unknown,
  opts: PatchOptions,
): Promise<WriteResult<T>> {
  const decl = res.declaration;
  const isApply = type === 'apply';
  return writeThrough(res, name, namespace, opts.dryRun, isApply, async (currentStored) => {
    if (!currentStored && !isApply) throw notFound(groupResource(decl), name);
    const base: ApiObject = currentStored
      ? served(decl, currentStored)
      : { apiVersion: apiVersionOf(decl), kind: decl.kind, metadata: decl.namespaced ? { name, namespace } : { name } };
    const fieldWarnings = isApply ? decodeApplied(decl, patch, namespace, name, opts.fieldValidation) : [];
    let patched = (
      isApply && opts.fieldManager
        ? serverSideApply({
            current: currentStored ? base : undefined,
            applied: patch as ApiObject,
            manager: opts.fieldManager,
            force: opts.force,
            apiVersion: apiVersionOf(decl),
            time: nowTimestamp(),
            schema: decl.schema,
          })
        : applyPatchDocument(type, base, patch, decl.schema)
    ) as T;
    if (!isApply) fieldWarnings.push(...decodePatched(decl, patched, type, patch, opts.fieldValidation, opts.duplicateFields));
    else decodePatched(decl, patched, type, patch);
    // The patched object is a body like any other: the kind's own decoding (its defaults) applies.
    if (decl.decode) patched = decl.decode(patched);
    if (typeof patched.metadata !== 'object' || patched.metadata === null || Array.isArray(patched.metadata)) patched.metadata = {};
    patched.apiVersion = apiVersionOf(decl);
    patched.kind = decl.kind;
    ensureNamespaceMatches(patched, namespace, decl.namespaced);
    ensureNameMatches(patched, name);
    const out = await computeUpdate(res, name, currentStored, patched, {
      allowCreate: isApply,
      allowUnconditional: true,
      fieldManager: opts.fieldManager,
      managedFieldsDone: isApply,
      namespace,
      dryRun: opts.dryRun,
      user: opts.user,
    });
    if (fieldWarnings.length) out.warnings = [...fieldWarnings, ...out.warnings];
    return out;
  });
}
