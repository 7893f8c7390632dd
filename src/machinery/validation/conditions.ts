// metav1 conditions ([]metav1.Condition) as Kubernetes' ValidateConditions checks them: each type
// a qualified name and unique, a known status, observedGeneration not negative, a transition time,
// a CamelCase reason of at most 1024 bytes, a message of at most 32 KiB. Messages are Kubernetes'.
import { invalid, notSupported, required, type FieldError } from './field-error.ts';
import { isQualifiedName, regexError } from './names.ts';
import type { MetaCondition } from '../../api/meta/v1/types.ts';

export type { MetaCondition };

const STATUSES = ['False', 'True', 'Unknown'];
const REASON_FMT = '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?';
const REASON = new RegExp(`^${REASON_FMT}$`);
const REASON_MSG = "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";
const MAX_REASON = 1024;
const MAX_MESSAGE = 32 * 1024;

function validateCondition(c: MetaCondition, at: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!c.type) errs.push(required(`${at}.type`, 'must be set'));
  else errs.push(...isQualifiedName(c.type).map((m) => invalid(`${at}.type`, c.type, m)));
  if (!STATUSES.includes(c.status)) errs.push(notSupported(`${at}.status`, c.status, STATUSES));
  if ((c.observedGeneration ?? 0) < 0) errs.push(invalid(`${at}.observedGeneration`, c.observedGeneration!, 'must be greater than or equal to zero'));
  if (!c.lastTransitionTime) errs.push(required(`${at}.lastTransitionTime`, 'must be set'));
  if (!c.reason) errs.push(required(`${at}.reason`, 'must be set'));
  else {
    if (!REASON.test(c.reason)) errs.push(invalid(`${at}.reason`, c.reason, regexError(REASON_MSG, REASON_FMT, 'my_name', 'MY_NAME', 'MyName', 'ReasonA,ReasonB', 'ReasonA:ReasonB')));
    if (Buffer.byteLength(c.reason) > MAX_REASON) errs.push(invalid(`${at}.reason`, c.reason, `may not be more than ${MAX_REASON} bytes`));
  }
  if (Buffer.byteLength(c.message ?? '') > MAX_MESSAGE) errs.push(invalid(`${at}.message`, c.message ?? '', `may not be more than ${MAX_MESSAGE} bytes`));
  return errs;
}

export function validateMetaConditions(conditions: readonly MetaCondition[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (conditions ?? []).forEach((c, i) => {
    const at = `${path}[${i}]`;
    errs.push(...validateCondition(c, at));
    if (seen.has(c.type)) errs.push(invalid(`${at}.type`, c.type, 'must be unique'));
    else seen.add(c.type);
  });
  return errs;
}
