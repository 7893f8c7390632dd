// RFC 7386 JSON Merge Patch: objects merge key by key, null deletes, anything else replaces.

import type { ApiObject } from '../../api/meta/v1/types.ts';
import { badRequest, invalid } from '../status.ts';
import { cloneJson, isJsonObject, ownValue, setOwn, type JsonObject } from './json-value.ts';

export function applyMergePatch(obj: ApiObject, patch: unknown): ApiObject {
  if (Array.isArray(patch)) {
    // RFC 7386 makes the array the new document, which is no longer an object.
    throw invalid({ group: '', kind: '' }, '', [
      { reason: 'FieldValueInvalid', field: 'patch', message: `Invalid value: ${JSON.stringify(patch)}: the result of the merge patch is not an object` },
    ]);
  }
  if (!isJsonObject(patch)) throw badRequest('Invalid JSON Patch');
  return mergeObjects(cloneJson(obj) as JsonObject, patch) as ApiObject;
}

/** Merges `patch` into `target` (mutated and returned), per RFC 7386. */
export function mergeObjects(target: JsonObject, patch: JsonObject): JsonObject {
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete target[key];
    } else if (isJsonObject(value)) {
      const current = ownValue(target, key);
      setOwn(target, key, mergeObjects(isJsonObject(current) ? current : {}, value));
    } else {
      setOwn(target, key, cloneJson(value));
    }
  }
  return target;
}
