// RFC 6902 JSON Patch, with Kubernetes' status codes: a body that is not a list of operation
// objects is a 400, an operation that cannot be applied (failed test, missing path, unknown op)
// is a 422 "the server rejected our request due to an error in our request", and more than
// 10000 operations is a 413. Copies are the one operation that can make a document grow faster
// than the patch that asks for it (copying /metadata into itself 40 times doubles it 40 times), so
// what they copy is counted, and a patch whose copies add more than 3 MiB (Kubernetes'
// JSONPatchMaxCopyBytes default, the size of the largest request body) is refused with a 422.

import jsonpatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import type { ApiObject } from '../../api/meta/v1/types.ts';
import { badRequest, isStatusError, requestEntityTooLarge } from '../status.ts';
import { patchRejected } from './rejected.ts';
import { cloneJson, isJsonObject, jsonTypeName } from './json-value.ts';

export const maxJsonPatchOperations = 10000;
export const maxJsonPatchCopyBytes = 3 * 1024 * 1024;

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
  const ops = cloneJson(patchBody) as Operation[];
  let doc: ApiObject = cloneJson(obj);
  let copied = 0;
  try {
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      if (op.op === 'copy') {
        copied += copySize(doc, op.from);
        if (copied > maxJsonPatchCopyBytes) {
          throw patchRejected(`Unable to copy, a copy of size ${copied} would exceed the limit ${maxJsonPatchCopyBytes} (operation ${i}: copy ${String(op.path)})`);
        }
      }
      doc = jsonpatch.applyOperation(doc, op, true, true, true, i).newDocument;
    }
    return doc;
  } catch (err) {
    if (isStatusError(err)) throw err;
    throw patchRejected(describe(err));
  }
}

/** The encoded size of the value a copy reads; 0 when the source is missing (the copy then fails as such). */
function copySize(doc: ApiObject, from: unknown): number {
  if (typeof from !== 'string') return 0;
  let value: unknown;
  try {
    value = jsonpatch.getValueByPointer(doc, from);
  } catch {
    return 0;
  }
  return value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value));
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { index?: number; operation?: { op?: unknown; path?: unknown } };
  const what = e.operation ? ` (operation ${e.index ?? 0}: ${String(e.operation.op)} ${String(e.operation.path)})` : '';
  return `${e.message.split('\n', 1)[0]}${what}`;
}
