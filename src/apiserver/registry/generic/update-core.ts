// The step shared by PUT and PATCH: from the current object and the client's next version,
// compute what is stored (Kubernetes' BeforeCreate/BeforeUpdate inside GuaranteedUpdate).
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { UserInfo } from '../../../component-base/serving/request-context.ts';
import { conflict, invalid, notFound, type StatusCause } from '../../../machinery/status.ts';
import { groupKind, groupResource, served, type AllocationTransaction, type InstalledResource } from './context.ts';
import { carryUpdateMeta, fillCreateMeta, validateCommonMeta, validateThenCommon, validateCommonMetaUpdate } from './object-meta.ts';
import { CONFLICT_MESSAGE } from './storage-errors.ts';
import { recordUpdateManager } from './managed-fields.ts';
import { admitMutating, admitValidating } from './admission-step.ts';

export interface UpdateStep<S> {
  stored: S;
  created: boolean;
  warnings: string[];
  /** What the write reserved (the resource's allocation), settled once the write is or is not stored. */
  reserved?: AllocationTransaction;
}

export interface UpdateStepOptions {
  /** Allow creating a missing object (PUT with allowCreateOnUpdate, or apply). */
  allowCreate: boolean;
  /** Allow writing without metadata.resourceVersion. */
  allowUnconditional: boolean;
  fieldManager?: string;
  /** 'Apply' when the managed fields were already computed by server-side apply. */
  managedFieldsDone?: boolean;
  /** For admission. */
  namespace: string;
  dryRun: boolean;
  user?: UserInfo;
}

export async function computeUpdate<T extends ApiObject, S extends ApiObject>(
  res: InstalledResource<T, S>,
  name: string,
  currentStored: S | undefined,
  next: T,
  opts: UpdateStepOptions,
): Promise<UpdateStep<S>> {
  const decl = res.declaration;
  const strategy = decl.strategy;
  const gr = groupResource(decl);
  const admission = { namespace: opts.namespace, name, dryRun: opts.dryRun, user: opts.user, object: next };
  if (!currentStored) {
    if (!opts.allowCreate) throw notFound(gr, name);
    await admitMutating(res, { ...admission, operation: 'CREATE' });
    fillCreateMeta(next);
    strategy.prepareForCreate(next, { user: opts.user });
    const causes = validateThenCommon(strategy.validate(next), () => validateCommonMeta(next, decl.namespaced));
    if (causes.length) throw invalid(groupKind(decl), name, causes);
    await admitValidating(res, { ...admission, operation: 'CREATE' });
    strategy.canonicalize(next);
    const warnings = strategy.warningsOnCreate(next);
    if (opts.fieldManager && !opts.managedFieldsDone) next = recordUpdateManager(next, undefined, opts.fieldManager, next.apiVersion ?? '', decl.schema);
    const reserved = await res.allocation?.reserve(next, undefined, opts.dryRun);
    return { stored: decl.toStored(next), created: true, warnings, reserved };
  }
  const current = served(decl, currentStored);
  const wanted = next.metadata.resourceVersion;
  if (!wanted) {
    if (!opts.allowUnconditional) {
      throw invalid(groupKind(decl), name, [
        { reason: 'FieldValueInvalid', field: 'metadata.resourceVersion', message: 'Invalid value: 0x0: must be specified for an update' },
      ]);
    }
    // An unconditional update carries the stored resourceVersion from here on, as Kubernetes'
    // store sets it: metadata validation then sees an update like any other.
    next.metadata.resourceVersion = current.metadata.resourceVersion;
  } else if (wanted !== current.metadata.resourceVersion) {
    throw conflict(gr, name, CONFLICT_MESSAGE);
  }
  await admitMutating(res, { ...admission, operation: 'UPDATE', oldObject: current });
  carryUpdateMeta(next, current);
  strategy.prepareForUpdate(next, current);
  const causes = uniqueCauses([...validateCommonMetaUpdate(next, current), ...strategy.validateUpdate(next, current)]);
  if (causes.length) throw invalid(groupKind(decl), name, causes);
  await admitValidating(res, { ...admission, operation: 'UPDATE', oldObject: current });
  strategy.canonicalize(next);
  const warnings = strategy.warningsOnUpdate(next, current);
  if (opts.fieldManager && !opts.managedFieldsDone) next = recordUpdateManager(next, current, opts.fieldManager, next.apiVersion ?? '', decl.schema);
  next.metadata.resourceVersion = current.metadata.resourceVersion;
  const reserved = await res.allocation?.reserve(next, current, opts.dryRun);
  return { stored: decl.toStored(next), created: false, warnings, reserved };
}

/** The common and the resource's own metadata checks may report the same problem once each. */
function uniqueCauses(causes: StatusCause[]): StatusCause[] {
  const seen = new Set<string>();
  return causes.filter((c) => {
    const key = `${c.field}\u0000${c.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
