// Field-level validation errors worded exactly as Kubernetes' field.Error words them, because
// clients and people match on these strings: `Required value`, `Invalid value: "x": detail`,
// `Unsupported value: "x": supported values: "a", "b"`, `Too long: may not be more than N bytes`.

import { invalid as invalidStatus, type CauseType, type StatusCause, type StatusError } from '../status.ts';
import { goQuote } from './go-format.ts';

/** A bad value as it is rendered in a message. Strings are quoted, numbers and booleans bare. */
export type BadValue = string | number | boolean | null | undefined | object;

/** Marks a value that must not be rendered (Kubernetes' omitValue). */
export const OMIT_VALUE: unique symbol = Symbol('omit value');

/** A value rendered as Go prints a struct or other non-scalar (already formatted by the caller). */
export class RenderedValue {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export interface FieldError {
  type: CauseType;
  /** The field path, e.g. `metadata.labels`, `spec.items[0].name`; `<nil>` when there is none. */
  field: string;
  badValue: BadValue | typeof OMIT_VALUE | RenderedValue;
  detail: string;
}

const typeWords: Partial<Record<CauseType, string>> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  FieldValueTypeInvalid: 'Invalid value',
  InternalError: 'Internal error',
};

/** Errors whose message never shows the value. */
const valueless = new Set<CauseType>(['FieldValueRequired', 'FieldValueForbidden', 'FieldValueTooLong', 'InternalError']);

function renderValue(value: FieldError['badValue']): string {
  if (value instanceof RenderedValue) return value.text;
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'null';
  return JSON.stringify(value);
}

/** The message without the field name, as Kubernetes puts it in a StatusCause. */
export function errorBody(err: FieldError): string {
  const word = typeWords[err.type] ?? `<unknown error "${err.type}">`;
  let s = word;
  if (!valueless.has(err.type) && err.badValue !== OMIT_VALUE) s = `${word}: ${renderValue(err.badValue)}`;
  if (err.detail) s += `: ${err.detail}`;
  return s;
}

/** `field: body`, as field.Error.Error() prints it. */
export function errorString(err: FieldError): string {
  return `${err.field}: ${errorBody(err)}`;
}

/** Several errors as one message, as utilerrors.Aggregate prints them (deduplicated). */
export function aggregateString(errs: readonly FieldError[]): string {
  const seen = new Set<string>();
  const msgs: string[] = [];
  for (const e of errs) {
    const m = errorString(e);
    if (!seen.has(m)) {
      seen.add(m);
      msgs.push(m);
    }
  }
  return msgs.length === 1 ? msgs[0]! : `[${msgs.join(', ')}]`;
}

export function toStatusCause(err: FieldError): StatusCause {
  return { reason: err.type, message: errorBody(err), field: err.field };
}

export function toStatusCauses(errs: readonly FieldError[]): StatusCause[] {
  return errs.map(toStatusCause);
}

export function required(field: string, detail = ''): FieldError {
  return { type: 'FieldValueRequired', field, badValue: '', detail };
}

export function invalid(field: string, value: FieldError['badValue'], detail: string): FieldError {
  return { type: 'FieldValueInvalid', field, badValue: value, detail };
}

export function notSupported(field: string, value: BadValue, validValues: readonly string[]): FieldError {
  const detail = validValues.length ? `supported values: ${validValues.map(goQuote).join(', ')}` : '';
  return { type: 'FieldValueNotSupported', field, badValue: value, detail };
}

export function forbidden(field: string, detail: string): FieldError {
  return { type: 'FieldValueForbidden', field, badValue: '', detail };
}

export function duplicate(field: string, value: BadValue): FieldError {
  return { type: 'FieldValueDuplicate', field, badValue: value, detail: '' };
}

export function notFoundValue(field: string, value: BadValue): FieldError {
  return { type: 'FieldValueNotFound', field, badValue: value, detail: '' };
}

/** Too long in bytes: `Too long: may not be more than 128 bytes`. */
export function tooLong(field: string, maxLength: number): FieldError {
  const detail = maxLength >= 0 ? `may not be more than ${maxLength} ${maxLength === 1 ? 'byte' : 'bytes'}` : 'value is too long';
  return { type: 'FieldValueTooLong', field, badValue: OMIT_VALUE, detail };
}

export function tooMany(field: string, actual: number, max: number): FieldError {
  const detail = max >= 0 ? `must have at most ${max} ${max === 1 ? 'item' : 'items'}` : 'has too many items';
  return { type: 'FieldValueTooMany', field, badValue: actual >= 0 ? actual : OMIT_VALUE, detail };
}

/** The 422 Invalid StatusError for an object, with one cause per field error. */
export function invalidObject(gk: { group: string; kind: string }, name: string, errs: readonly FieldError[]): StatusError {
  return invalidStatus(gk, name, toStatusCauses(errs));
}
