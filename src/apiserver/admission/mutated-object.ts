// Where a mutating plugin's result becomes the request's object. Kubernetes decodes a webhook's
// patched object, and converts a policy's, into the kind's Go type before comparing it with what
// was there: fields the type does not declare are dropped, and Go's encoding applies (empty
// `,omitempty` fields left out, defaults for the rest). The registry hands the kind's decoder in
// the attributes; every mutating plugin takes its result back through here.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import { setOwn } from '../../machinery/patch/json-value.ts';
import type { AdmissionAttributes } from './types.ts';

/** A mutated object that does not decode as its kind (a value of the wrong type). */
export class MutatedObjectError extends Error {}

/**
 * Decodes `mutated` through the kind's type and, when it differs from the request's object,
 * makes it the request's object (in place). Returns whether the object changed; throws
 * MutatedObjectError when `mutated` does not decode.
 */
export function takeMutated(attrs: AdmissionAttributes, mutated: ApiObject): boolean {
  const target = attrs.object!;
  const err = attrs.decodeObject?.(mutated);
  if (err) throw new MutatedObjectError(`the mutated object cannot be decoded as a ${attrs.kind.kind}: ${err}`);
  if (JSON.stringify(mutated) === JSON.stringify(target)) return false;
  for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key];
  for (const [key, value] of Object.entries(mutated)) setOwn(target as Record<string, unknown>, key, value);
  return true;
}
