// Namespace validation as Kubernetes' ValidateNamespace, ValidateNamespaceUpdate,
// ValidateNamespaceStatusUpdate and ValidateNamespaceFinalizeUpdate.
import type { Namespace } from '../../../../api/core/v1/namespace-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { isQualifiedName, validateNamespaceName } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';

/** Finalizer names that need no domain (the namespace finalizer and the collector's). */
const STANDARD_FINALIZERS = new Set(['kubernetes', 'orch', 'orphan', 'foregroundDeletion']);

function finalizerNameErrors(name: string, path: string): FieldError[] {
  const errs = isQualifiedName(name).map((msg) => invalid(path, name, msg));
  if (!name.includes('/') && !STANDARD_FINALIZERS.has(name)) {
    errs.push(invalid(path, name, 'name is neither a standard finalizer name nor is it fully qualified'));
  }
  return errs;
}

export function validateNamespace(ns: Namespace): StatusCause[] {
  const errs = validateObjectMeta(ns.metadata, false, validateNamespaceName);
  for (const f of ns.spec?.finalizers ?? []) errs.push(...finalizerNameErrors(f, 'spec.finalizers'));
  return toStatusCauses(errs);
}

export function validateNamespaceUpdate(ns: Namespace, old: Namespace): StatusCause[] {
  return toStatusCauses(validateObjectMetaUpdate(ns.metadata, old.metadata));
}

export function validateNamespaceStatusUpdate(ns: Namespace, old: Namespace): StatusCause[] {
  const errs = validateObjectMetaUpdate(ns.metadata, old.metadata);
  const phase = ns.status?.phase ?? '';
  if (!ns.metadata.deletionTimestamp) {
    if (phase !== 'Active') errs.push(invalid('status.Phase', phase, "may only be 'Active' if `deletionTimestamp` is empty"));
  } else if (phase !== 'Terminating') {
    errs.push(invalid('status.Phase', phase, "may only be 'Terminating' if `deletionTimestamp` is not empty"));
  }
  return toStatusCauses(errs);
}

export function validateNamespaceFinalizeUpdate(ns: Namespace, old: Namespace): StatusCause[] {
  const errs = validateObjectMetaUpdate(ns.metadata, old.metadata);
  (ns.spec?.finalizers ?? []).forEach((f, i) => errs.push(...finalizerNameErrors(f, `spec.finalizers[${i}]`)));
  return toStatusCauses(errs);
}
