// The two patch types of MutatingAdmissionPolicy. ApplyConfiguration: the expression's
// Object{...} is merged into the object as a structural merge (maps merged field by field, a null
// removes a field, lists and scalars replaced). JSONPatch: the expression's JSONPatch{...} list is
// applied as RFC 6902 operations.
import fastJsonPatch from 'fast-json-patch';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import { ownValue, setOwn } from '../../../../machinery/patch/json-value.ts';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

export function structuralMerge(target: unknown, patch: unknown): unknown {
  if (!isObj(patch) || !isObj(target)) return structuredClone(patch);
  const out: Obj = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setOwn(out, k, structuralMerge(ownValue(target, k), v));
  }
  return out;
}

export function applyConfiguration(object: ApiObject, configuration: unknown): ApiObject {
  if (!isObj(configuration)) throw new Error(`the applyConfiguration expression must evaluate to an Object, got ${configuration === null ? 'null' : Array.isArray(configuration) ? 'list' : typeof configuration}`);
  for (const key of ['apiVersion', 'kind']) {
    if (configuration[key] !== undefined && configuration[key] !== (object as Obj)[key]) throw new Error(`the applyConfiguration may not change ${key}`);
  }
  return structuralMerge(object, configuration) as ApiObject;
}

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

export function applyJsonPatch(object: ApiObject, patches: unknown): ApiObject {
  if (!Array.isArray(patches)) throw new Error('the jsonPatch expression must evaluate to a list of JSONPatch');
  for (const p of patches) {
    if (!isObj(p) || typeof p.op !== 'string' || !OPS.has(p.op)) throw new Error(`invalid JSONPatch operation ${JSON.stringify(p)}`);
    if (typeof p.path !== 'string') throw new Error('JSONPatch path must be a string');
  }
  try {
    return fastJsonPatch.applyPatch(structuredClone(object), patches as fastJsonPatch.Operation[], true, false).newDocument;
  } catch (err) {
    throw new Error(`JSON Patch: ${(err as Error).message.split('\n')[0]}`);
  }
}
