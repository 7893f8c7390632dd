// ControllerRevision validation as Kubernetes' ValidateControllerRevisionCreate and
// ValidateControllerRevisionUpdate: a DNS-subdomain name, a revision of 0 or more, data that is a
// JSON object on create and never changes afterwards.
import type { ControllerRevision } from '../../../../api/apps/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { nonNegative } from '../../core/pods/validation/checks.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';

function validateRevision(rev: ControllerRevision): FieldError[] {
  return [...validateObjectMeta(rev.metadata, true, nameIsDNSSubdomain), ...nonNegative(rev.revision ?? 0, 'revision')];
}

/** The data as Go prints a runtime.RawExtension holding its JSON bytes (%#v). */
function goRawExtension(data: unknown): RenderedValue {
  if (data === undefined || data === null) return new RenderedValue('runtime.RawExtension{Raw:[]uint8(nil), Object:runtime.Object(nil)}');
  const bytes = [...Buffer.from(JSON.stringify(data))].map((b) => `0x${b.toString(16)}`).join(', ');
  return new RenderedValue(`runtime.RawExtension{Raw:[]uint8{${bytes}}, Object:runtime.Object(nil)}`);
}

export function validateControllerRevision(rev: ControllerRevision): StatusCause[] {
  const errs = validateRevision(rev);
  const data = rev.data;
  if (data === undefined || data === null) errs.push(required('data', 'data is mandatory'));
  else if (typeof data !== 'object' || Array.isArray(data)) errs.push(required('data', 'data must be a valid JSON object'));
  return toStatusCauses(errs);
}

export function validateControllerRevisionUpdate(rev: ControllerRevision, old: ControllerRevision): StatusCause[] {
  const errs = validateObjectMetaUpdate(rev.metadata, old.metadata);
  errs.push(...validateRevision(rev));
  // The bytes kept are compared, so an empty map differs from an absent key (no semantic equality here).
  if (!deepEqual(rev.data ?? null, old.data ?? null)) errs.push(invalid('data', goRawExtension(rev.data), 'field is immutable'));
  return toStatusCauses(errs);
}
