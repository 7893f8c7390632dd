// Every body and every patch result is decoded against the declaration's structural schema
// before admission or the strategy sees it, as Kubernetes decodes into its Go types: a value of
// the wrong JSON type is the client's mistake (400 for a body, 422 for a patch that produced it),
// never a TypeError deep in validation.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { badRequest, invalid } from '../../../machinery/status.ts';
import { compileSchema, decodeWithSchema, type CompiledSchema } from '../../../machinery/schema/decode.ts';
import type { StructuralSchema } from '../../../machinery/schema/structural.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';
import type { PatchType } from '../../../machinery/patch/index.ts';
import type { ResourceDeclaration } from '../resource.ts';

/** The shape assumed for a kind that declares none: its metadata is still ObjectMeta. */
let objectMetaOnly: StructuralSchema | undefined;

// Compiled once per schema; declarations of one kind (and their aliases) share the schema object.
const compiled = new WeakMap<StructuralSchema, CompiledSchema>();

function compiledFor(decl: ResourceDeclaration<any, any>): CompiledSchema {
  const schema = decl.schema ?? (objectMetaOnly ??= { type: 'object', properties: { metadata: kindSchema('io.orch.apimachinery.pkg.apis.meta.v1.ObjectMeta') } });
  let out = compiled.get(schema);
  if (!out) {
    out = compileSchema(schema.goType ? schema : { ...schema, goType: `${decl.version}.${decl.kind}` });
    compiled.set(schema, out);
  }
  return out;
}

/** A request body (create, update) as the kind's type, or Kubernetes' 400. */
export function decodeObject<T extends ApiObject>(decl: ResourceDeclaration<T, any>, obj: ApiObject): T {
  const err = decodeWithSchema(compiledFor(decl), obj);
  // transformDecodeError's wording; its version is the version alone, without the group.
  if (err) throw badRequest(`${decl.kind} in version "${decl.version}" cannot be handled as a ${decl.kind}: ${err}`);
  return decl.decode ? decl.decode(obj) : (obj as T);
}

/**
 * A server-side apply configuration, checked before it is merged (Kubernetes types it first):
 * a wrong type is a 400 naming the object.
 */
export function decodeApplied(decl: ResourceDeclaration<any, any>, applied: unknown, namespace: string, name: string): void {
  const err = decodeWithSchema(compiledFor(decl), applied);
  if (!err) return;
  const gv = decl.group ? `${decl.group}/${decl.version}` : `/${decl.version}`;
  throw badRequest(`failed to create typed patch object (${namespace ? `${namespace}/` : ''}${name}; ${gv}, Kind=${decl.kind}): ${err}`);
}

/**
 * The object a patch produced, as the kind's type. Kubernetes answers a result it cannot decode
 * with 422 on the field "patch", whose value is the patched object (the patch itself for a
 * strategic merge patch, which it never serializes whole).
 */
export function decodePatched<T extends ApiObject>(decl: ResourceDeclaration<T, any>, patched: ApiObject, type: PatchType, patch: unknown): T {
  const err = decodeWithSchema(compiledFor(decl), patched);
  if (!err) return patched as T;
  const value = JSON.stringify(type === 'strategic' ? patch : patched);
  throw invalid({ group: '', kind: '' }, '', [{ reason: 'FieldValueInvalid', field: 'patch', message: `Invalid value: ${JSON.stringify(value)}: ${err}` }]);
}
