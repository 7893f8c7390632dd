// ObjectMeta validation on create and update, as Kubernetes' ValidateObjectMeta and
// ValidateObjectMetaUpdate (with the core group's finalizer-name rule) check it.

import type { ObjectMeta } from '../../api/meta/v1/types.ts';
import { forbidden, invalid, required, tooLong, type FieldError } from './field-error.ts';
import { validateImmutableField } from './immutable.ts';
import { isQualifiedName, isValidLabelValue, byteLength, validateNamespaceName, type NameValidator } from './names.ts';
import { child, index } from './path.ts';

/** Sum of key and value bytes over all annotations may not exceed this. */
export const TOTAL_ANNOTATION_SIZE_LIMIT_BYTES = 256 * 1024;

const FINALIZER_ORPHAN = 'orphan';
const FINALIZER_FOREGROUND = 'foregroundDeletion';
/** Unqualified finalizer names the core group accepts (namespace finalizer, GC finalizers). */
const STANDARD_FINALIZERS = new Set(['kubernetes', 'orch', FINALIZER_ORPHAN, FINALIZER_FOREGROUND]);

function sortedKeys(m: Record<string, string> | undefined): string[] {
  return m ? Object.keys(m).sort() : [];
}

export function validateLabels(labels: Record<string, string> | undefined, fldPath: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of sortedKeys(labels)) {
    for (const msg of isQualifiedName(k)) errs.push(invalid(fldPath, k, msg));
    const v = labels![k]!;
    for (const msg of isValidLabelValue(v)) errs.push(invalid(fldPath, v, msg));
  }
  return errs;
}

export function validateAnnotations(annotations: Record<string, string> | undefined, fldPath: string): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const k of sortedKeys(annotations)) {
    // Annotation keys are qualified names, except that case does not matter.
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(invalid(fldPath, k, msg));
    total += byteLength(k) + byteLength(annotations![k]!);
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT_BYTES) errs.push(tooLong(fldPath, TOTAL_ANNOTATION_SIZE_LIMIT_BYTES));
  return errs;
}

interface OwnerReferenceLike {
  apiVersion?: string;
  kind?: string;
  name?: string;
  uid?: string;
  controller?: boolean;
}

/** The version part of an apiVersion, or '' when it does not parse (as schema.ParseGroupVersion). */
function versionOf(apiVersion: string): string {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return parts[0]!;
  if (parts.length === 2) return parts[1]!;
  return '';
}

export function validateOwnerReferences(refs: unknown[] | undefined, fldPath: string): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const raw of refs ?? []) {
    const ref = (raw ?? {}) as OwnerReferenceLike;
    const apiVersion = ref.apiVersion ?? '';
    if (!versionOf(apiVersion)) errs.push(invalid(child(fldPath, 'apiVersion'), apiVersion, 'version must not be empty'));
    if (!ref.kind) errs.push(invalid(child(fldPath, 'kind'), ref.kind ?? '', 'must not be empty'));
    if (!ref.name) errs.push(invalid(child(fldPath, 'name'), ref.name ?? '', 'must not be empty'));
    if (!ref.uid) errs.push(invalid(child(fldPath, 'uid'), ref.uid ?? '', 'must not be empty'));
    if (ref.controller === true) {
      const name = `${ref.kind ?? ''}/${ref.name ?? ''}`;
      if (firstController) {
        errs.push(
          invalid(
            fldPath,
            refs as object,
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${name}`,
          ),
        );
      } else {
        firstController = name;
      }
    }
  }
  return errs;
}

export function validateFinalizers(finalizers: string[] | undefined, fldPath: string): FieldError[] {
  const errs: FieldError[] = [];
  const list = finalizers ?? [];
  for (const f of list) for (const msg of isQualifiedName(f)) errs.push(invalid(fldPath, f, msg));
  if (list.includes(FINALIZER_ORPHAN) && list.includes(FINALIZER_FOREGROUND)) {
    errs.push(invalid(fldPath, list, `finalizer ${FINALIZER_ORPHAN} and ${FINALIZER_FOREGROUND} cannot be both set`));
  }
  // The core group also requires a domain-qualified name unless it is a standard finalizer.
  list.forEach((f, i) => {
    if (isQualifiedName(f).length === 0 && !f.includes('/') && !STANDARD_FINALIZERS.has(f)) {
      errs.push(invalid(index(fldPath, i), f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  });
  return errs;
}

/**
 * Kubernetes' ValidateObjectMeta. `generateName` is checked as a prefix; the registry fills `name`
 * from it before validation, so a missing name here means neither was given.
 */
export function validateObjectMeta(
  meta: ObjectMeta | undefined,
  namespaced: boolean,
  nameValidator: NameValidator,
  fldPath = 'metadata',
): FieldError[] {
  const m = meta ?? {};
  const errs: FieldError[] = [];
  if (m.generateName) {
    for (const msg of nameValidator(m.generateName, true)) errs.push(invalid(child(fldPath, 'generateName'), m.generateName, msg));
  }
  if (!m.name) {
    errs.push(required(child(fldPath, 'name'), 'name or generateName is required'));
  } else {
    for (const msg of nameValidator(m.name, false)) errs.push(invalid(child(fldPath, 'name'), m.name, msg));
  }
  if (namespaced) {
    if (!m.namespace) errs.push(required(child(fldPath, 'namespace')));
    else for (const msg of validateNamespaceName(m.namespace, false)) errs.push(invalid(child(fldPath, 'namespace'), m.namespace, msg));
  } else if (m.namespace) {
    errs.push(forbidden(child(fldPath, 'namespace'), 'not allowed on this type'));
  }
  if (typeof m.generation === 'number' && m.generation < 0) {
    errs.push(invalid(child(fldPath, 'generation'), m.generation, 'must be greater than or equal to 0'));
  }
  // Most objects carry few of these; what is absent has nothing to check.
  if (m.labels) errs.push(...validateLabels(m.labels, child(fldPath, 'labels')));
  if (m.annotations) errs.push(...validateAnnotations(m.annotations, child(fldPath, 'annotations')));
  if (m.ownerReferences) errs.push(...validateOwnerReferences(m.ownerReferences, child(fldPath, 'ownerReferences')));
  if (m.finalizers) errs.push(...validateFinalizers(m.finalizers, child(fldPath, 'finalizers')));
  return errs;
}

/**
 * Kubernetes' ValidateObjectMetaUpdate. The generic store must copy the stored resourceVersion
 * into an unconditional update before calling this, as Kubernetes' store does.
 */
export function validateObjectMetaUpdate(newMeta: ObjectMeta | undefined, oldMeta: ObjectMeta | undefined, fldPath = 'metadata'): FieldError[] {
  const n = newMeta ?? {};
  const o = oldMeta ?? {};
  const errs: FieldError[] = [];
  if (o.deletionTimestamp) {
    const before = new Set(o.finalizers ?? []);
    const added = (n.finalizers ?? []).filter((f) => !before.has(f));
    if (added.length) errs.push(forbidden(child(fldPath, 'finalizers'), `no new finalizers can be added if the object is being deleted, found new finalizers ${JSON.stringify(added)}`));
  }
  if (!n.resourceVersion) errs.push(invalid(child(fldPath, 'resourceVersion'), n.resourceVersion ?? '', 'must be specified for an update'));
  if ((n.generation ?? 0) < (o.generation ?? 0)) errs.push(invalid(child(fldPath, 'generation'), n.generation ?? 0, 'must not be decremented'));
  errs.push(...validateImmutableField(n.name ?? '', o.name ?? '', child(fldPath, 'name')));
  errs.push(...validateImmutableField(n.namespace ?? '', o.namespace ?? '', child(fldPath, 'namespace')));
  errs.push(...validateImmutableField(n.uid ?? '', o.uid ?? '', child(fldPath, 'uid')));
  errs.push(...validateImmutableField(n.creationTimestamp ?? null, o.creationTimestamp ?? null, child(fldPath, 'creationTimestamp')));
  errs.push(...validateImmutableField(n.deletionTimestamp ?? null, o.deletionTimestamp ?? null, child(fldPath, 'deletionTimestamp')));
  errs.push(
    ...validateImmutableField(n.deletionGracePeriodSeconds ?? null, o.deletionGracePeriodSeconds ?? null, child(fldPath, 'deletionGracePeriodSeconds')),
  );
  errs.push(...validateLabels(n.labels, child(fldPath, 'labels')));
  errs.push(...validateAnnotations(n.annotations, child(fldPath, 'annotations')));
  errs.push(...validateOwnerReferences(n.ownerReferences, child(fldPath, 'ownerReferences')));
  return errs;
}
