// fieldManager rules of write requests: the name a write is recorded under, and the checks
// Kubernetes makes on fieldManager and force before any patch is applied.

import { invalid, type StatusError, type StatusCause } from '../status.ts';

export const fieldManagerMaxLength = 128;

/** The manager of a non-apply write: fieldManager, or the User-Agent up to its first "/". */
export function managerOrUserAgent(fieldManager: string | null | undefined, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  return (userAgent ?? '').split('/', 1)[0]!;
}

export interface FieldManagerCheck {
  fieldManager: string | null | undefined;
  /** The options kind the error names: PatchOptions, CreateOptions or UpdateOptions. */
  optionsKind: 'PatchOptions' | 'CreateOptions' | 'UpdateOptions';
  /** True for server-side apply patches, where fieldManager is required. */
  apply?: boolean;
  /** True when the request carries a force parameter at all (even force=false). */
  forceGiven?: boolean;
}

/** A 422 for an invalid fieldManager or force, or undefined when the request is fine. */
export function validateFieldManager(check: FieldManagerCheck): StatusError | undefined {
  const causes: StatusCause[] = [];
  const fm = check.fieldManager ?? '';
  if (!check.apply && check.forceGiven) {
    causes.push({ reason: 'FieldValueForbidden', field: 'force', message: 'Forbidden: may not be specified for non-apply patch' });
  }
  if (check.apply && fm === '') {
    causes.push({ reason: 'FieldValueRequired', field: 'fieldManager', message: 'Required value: is required for apply patch' });
  }
  if ([...fm].length > 0 && Buffer.byteLength(fm) > fieldManagerMaxLength) {
    causes.push({ reason: 'FieldValueTooLong', field: 'fieldManager', message: `Too long: may not be more than ${fieldManagerMaxLength} bytes` });
  }
  let position = 0;
  for (const ch of fm) {
    if (!/^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(ch)) {
      const code = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      causes.push({
        reason: 'FieldValueInvalid',
        field: 'fieldManager',
        message: `Invalid value: ${JSON.stringify(fm)}: invalid character U+${code} (at position ${position})`,
      });
    }
    position += Buffer.byteLength(ch);
  }
  if (causes.length === 0) return undefined;
  return invalid({ group: 'meta.orch.io', kind: check.optionsKind }, '', causes);
}
