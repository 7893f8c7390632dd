// System metadata the registry owns: set on create, carried over on update, checked on both.
import { randomInt, randomUUID } from 'node:crypto';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { pathSegmentNameErrors } from '../../../machinery/validation/names.ts';

const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const RANDOM_LENGTH = 5;
const MAX_NAME_LENGTH = 63;

/** generateName + 5 random characters, the base cut so the whole fits 63 characters. */
export function generateName(base: string): string {
  const cut = base.length > MAX_NAME_LENGTH - RANDOM_LENGTH ? base.slice(0, MAX_NAME_LENGTH - RANDOM_LENGTH) : base;
  let suffix = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) suffix += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return cut + suffix;
}

/** RFC 3339 with seconds, as metav1.Time marshals. */
export function nowTimestamp(now: Date = new Date()): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// Timestamps have one-second resolution, so a busy server formats each second once.
let cachedSecond = -1;
let cachedTimestamp = '';

/** nowTimestamp(), formatted once per wall-clock second. */
export function currentSecondTimestamp(nowMs: number = Date.now()): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== cachedSecond) {
    cachedTimestamp = nowTimestamp(new Date(second * 1000));
    cachedSecond = second;
  }
  return cachedTimestamp;
}

/** Clears what a client may not set on create and fills uid, creationTimestamp, generation. */
export function fillCreateMeta(obj: ApiObject): void {
  const meta = obj.metadata;
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  delete meta.resourceVersion;
  meta.uid = randomUUID();
  meta.creationTimestamp = currentSecondTimestamp();
  meta.generation = 1;
}

/** Carries over what an update may not change (Kubernetes' BeforeUpdate). */
export function carryUpdateMeta(obj: ApiObject, old: ApiObject): void {
  const meta = obj.metadata;
  const oldMeta = old.metadata;
  if (oldMeta.generation !== undefined) meta.generation = oldMeta.generation;
  else delete meta.generation;
  if (!meta.uid) meta.uid = oldMeta.uid;
  if (oldMeta.creationTimestamp) meta.creationTimestamp = oldMeta.creationTimestamp;
  if (oldMeta.deletionTimestamp) meta.deletionTimestamp = oldMeta.deletionTimestamp;
  else delete meta.deletionTimestamp;
  // A grace period, once recorded, can only be removed by deleting the object.
  if (oldMeta.deletionGracePeriodSeconds !== undefined && meta.deletionGracePeriodSeconds === undefined) {
    meta.deletionGracePeriodSeconds = oldMeta.deletionGracePeriodSeconds;
  }
}

/** Name and namespace rules every resource shares (path segment names). */
export function validateCommonMeta(obj: ApiObject, namespaced: boolean): StatusCause[] {
  const causes: StatusCause[] = [];
  const meta = obj.metadata;
  if (!meta.name) {
    causes.push({ reason: 'FieldValueRequired', field: 'metadata.name', message: 'Required value: name or generateName is required' });
  } else {
    for (const msg of pathSegmentNameErrors(meta.name)) {
      causes.push({ reason: 'FieldValueInvalid', field: 'metadata.name', message: `Invalid value: ${JSON.stringify(meta.name)}: ${msg}` });
    }
  }
  if (namespaced && !meta.namespace) {
    causes.push({ reason: 'FieldValueRequired', field: 'metadata.namespace', message: 'Required value' });
  }
  if (!namespaced && meta.namespace) {
    causes.push({ reason: 'FieldValueForbidden', field: 'metadata.namespace', message: 'Forbidden: not allowed on this type' });
  }
  return causes;
}

/** Immutable metadata on update, worded as ValidateObjectMetaUpdate. */
export function validateCommonMetaUpdate(obj: ApiObject, old: ApiObject): StatusCause[] {
  const causes: StatusCause[] = [];
  for (const field of ['name', 'namespace', 'uid', 'creationTimestamp'] as const) {
    const now = obj.metadata[field];
    const was = old.metadata[field];
    if ((now ?? '') !== (was ?? '')) {
      causes.push({ reason: 'FieldValueInvalid', field: `metadata.${field}`, message: `Invalid value: ${JSON.stringify(now ?? '')}: field is immutable` });
    }
  }
  return causes;
}

/** As Kubernetes' BeforeCreate: the resource's own errors first; common metadata rules only when it passed. */
export function validateThenCommon(own: StatusCause[], common: () => StatusCause[]): StatusCause[] {
  return own.length ? own : common();
}
