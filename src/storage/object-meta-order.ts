// ObjectMeta in the order Go's encoder writes its fields (name, generateName, namespace, selfLink,
// uid, resourceVersion, generation, creationTimestamp, ...). The registry fills system fields
// (uid, generation, a defaulted namespace) after the body was decoded in that order, and the store
// adds resourceVersion to every object it hands out; both would otherwise land last. The store
// already copies metadata on every write, so it copies it in this order, and it puts
// resourceVersion in its place when it decodes.
import { OBJECT_META_GO_FIELDS } from '../machinery/openapi/go-fields.ts';
import { parseGoField } from '../machinery/schema/go-struct.ts';
import { setOwn } from '../machinery/patch/json-value.ts';

const FIELDS: readonly string[] = OBJECT_META_GO_FIELDS.map((tag) => parseGoField(tag).name);
const KNOWN = new Set(FIELDS);

/**
 * A copy of `given` with its fields in ObjectMeta's order, without the fields `skip` names, and
 * with `resourceVersion` set to `rv` when one is given. Fields ObjectMeta does not have follow.
 */
export function metadataInOrder(given: Record<string, unknown>, skip: (field: string) => boolean, rv?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (field === 'resourceVersion' && rv !== undefined) out[field] = rv;
    else if (!skip(field) && Object.hasOwn(given, field) && given[field] !== undefined) out[field] = given[field];
  }
  for (const key in given) if (Object.hasOwn(given, key) && !KNOWN.has(key) && !skip(key)) setOwn(out, key, given[key]);
  return out;
}
