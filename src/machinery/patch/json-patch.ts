// RFC 6902 JSON Patch, with Kubernetes' status codes: a body that is not a list of operation
// objects is a 400, an operation that cannot be applied (failed test, missing path, unknown op)
// is a 422 "the server rejected our request due to an error in our request", and more than
// 10000 operations is a 413.

import jsonpatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import type { ApiObject } from '../../storage/interface.ts';
import { badRequest, requestEntityTooLarge } from '../status.ts';
import { patchRejected } from './rejected.ts';
import { cloneJson, isJsonObject, jsonTypeName } from './json-value.ts';

export const maxJsonPatchOperations = 10000;

export function applyJsonPatch(obj: ApiObject, patchBody: unknown): ApiObject {
  if (!Array.isArray(patchBody)) {
    throw badRequest(`json patch must be an array of operations, got ${jsonTypeName(patchBody)}`);
  }
  patchBody.forEach((op, i) => {
    if (!isJsonObject(op)) throw badRequest(`json patch operation ${i} must be an object, got ${jsonTypeName(op)}`);
  });
  if (patchBody.length > maxJsonPatchOperations) {
    throw requestEntityTooLarge(
      `Request entity too large: The allowed maximum operations in a JSON patch is ${maxJsonPatchOperations}, got ${patchBody.length}`,
    );
  }
  try {
    const result = jsonpatch.applyPatch(cloneJson(obj), cloneJson(patchBody) as Operation[], true, true, true);
    return result.newDocument;
  } catch (err) {
    throw patchRejected(describe(err));
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { index?: number; operation?: { op?: unknown; path?: unknown } };
  const what = e.operation ? ` (operation ${e.index ?? 0}: ${String(e.operation.op)} ${String(e.operation.path)})` : '';
  return `${e.message.split('\n', 1)[0]}${what}`;
}
