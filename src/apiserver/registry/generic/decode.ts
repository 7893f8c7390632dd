// Every body and every patch result is decoded against the declaration's structural schema
// before admission or the strategy sees it, as Kubernetes decodes into its Go types: a value of
// the wrong JSON type is the client's mistake (400 for a body, 422 for a patch that produced it),
// never a TypeError deep in validation. The same walk drops fields the kind does not declare, as
// Kubernetes' Go structs do, lists them for fieldValidation (Strict refuses them, Warn warns), and
// fills the schema's defaults.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { badRequest, invalid } from '../../../machinery/status.ts';
import { compileSchema, decodeWithSchema, type CompiledSchema } from '../../../machinery/schema/decode.ts';
import type { StructuralSchema } from '../../../machinery/schema/structural.ts';
import { genericObjectSchema, type PatchType } from '../../../machinery/patch/index.ts';
import type { FieldValidation } from './context.ts';
import type { ResourceDeclaration } from '../resource.ts';

// Compiled once per schema; declarations of one kind (and their aliases) share the schema object.
const compiled = new WeakMap<StructuralSchema, CompiledSchema>();

function compiledFor(decl: ResourceDeclaration<any, any>): CompiledSchema {
  // A kind that declares no shape still has ObjectMeta; everything else is kept as it is.
  const schema = decl.schema ?? genericObjectSchema;
  let out = compiled.get(schema);
  if (!out) {
    // A custom resource is not a Go type: its values are typed by its validation.
    out = decl.customResource ? compileSchema(schema, { customResource: true }) : compileSchema(schema.goType ? schema : { ...schema, goType: `${decl.version}.${decl.kind}` });
    compiled.set(schema, out);
  }
  return out;
}

/**
 * Decodes an object a mutating admission plugin produced, as Kubernetes decodes a webhook's
 * patched object into the kind's type (unknown fields dropped silently, Go's encoding applied):
 * Go's error for a wrong type, or undefined. One function per declaration, made once.
 */
export function admissionDecoder(decl: ResourceDeclaration<any, any>): (obj: ApiObject) => string | undefined {
  let out = admissionDecoders.get(decl);
  if (!out) {
    const schema = compiledFor(decl);
    out = (obj) => decodeWithSchema(schema, obj, { prune: true, defaults: true });
    admissionDecoders.set(decl, out);
  }
  return out;
}

const admissionDecoders = new WeakMap<ResourceDeclaration<any, any>, (obj: ApiObject) => string | undefined>();

/**
 * `unknown field "spec.foo"` and `duplicate field "x"` for fieldValidation; under Strict they are
 * Kubernetes' 400.
 */
export function fieldProblems(unknown: readonly string[], duplicates: readonly string[], fieldValidation: FieldValidation): string[] {
  if (fieldValidation === 'Ignore' || (unknown.length === 0 && duplicates.length === 0)) return [];
  const problems = [...unknown.map((f) => `unknown field ${JSON.stringify(f)}`), ...duplicates.map((f) => `duplicate field ${JSON.stringify(f)}`)];
  if (fieldValidation === 'Strict') throw badRequest(`strict decoding error: ${problems.join(', ')}`);
  return problems;
}

const NO_FIELDS: readonly string[] = [];

/**
 * A request body (create, update) as the kind's type, or Kubernetes' 400; unknown fields are
 * dropped and, with `duplicates` the body decoder found, reported as fieldValidation says.
 */
export function decodeObject<T extends ApiObject>(
  decl: ResourceDeclaration<T, any>,
  obj: ApiObject,
  fieldValidation: FieldValidation = 'Ignore',
  duplicates: readonly string[] = NO_FIELDS,
): { obj: T; warnings: string[] } {
  const unknown: string[] | undefined = fieldValidation === 'Ignore' ? undefined : [];
  const err = decodeWithSchema(compiledFor(decl), obj, { unknownFields: unknown, prune: true, defaults: true });
  // transformDecodeError's wording; its version is the version alone, without the group.
  if (err) throw badRequest(`${decl.kind} in version "${decl.version}" cannot be handled as a ${decl.kind}: ${err}`);
  const warnings = fieldProblems(unknown ?? NO_FIELDS, duplicates, fieldValidation);
  return { obj: decl.decode ? decl.decode(obj) : (obj as T), warnings };
}

/**
 * A server-side apply configuration, checked before it is merged (Kubernetes types it first):
 * a wrong type is a 400 naming the object. Unknown fields are dropped, so nobody comes to own
 * them, and reported as fieldValidation says; no defaults are filled, since an apply owns only
 * what it names.
 */
export function decodeApplied(decl: ResourceDeclaration<any, any>, applied: unknown, namespace: string, name: string, fieldValidation: FieldValidation = 'Ignore'): string[] {
  const unknown: string[] | undefined = fieldValidation === 'Ignore' ? undefined : [];
  const err = decodeWithSchema(compiledFor(decl), applied, { unknownFields: unknown, prune: true });
  if (err) {
    const gv = decl.group ? `${decl.group}/${decl.version}` : `/${decl.version}`;
    throw badRequest(`failed to create typed patch object (${namespace ? `${namespace}/` : ''}${name}; ${gv}, Kind=${decl.kind}): ${err}`);
  }
  return fieldProblems(unknown ?? NO_FIELDS, NO_FIELDS, fieldValidation);
}

/**
 * The object a patch produced, as the kind's type. Kubernetes answers a result it cannot decode
 * with 422 on the field "patch", whose value is the patched object (the patch itself for a
 * strategic merge patch, which it never serializes whole). Fields the result has and the kind
 * does not declare came from the patch: they are dropped and reported as fieldValidation says,
 * together with the patch's `duplicates`.
 */
export function decodePatched<T extends ApiObject>(
  decl: ResourceDeclaration<T, any>,
  patched: ApiObject,
  type: PatchType,
  patch: unknown,
  fieldValidation: FieldValidation = 'Ignore',
  duplicates: readonly string[] = NO_FIELDS,
): string[] {
  const unknown: string[] | undefined = fieldValidation === 'Ignore' ? undefined : [];
  const err = decodeWithSchema(compiledFor(decl), patched, { unknownFields: unknown, prune: true, defaults: true });
  if (err) {
    const value = JSON.stringify(type === 'strategic' ? patch : patched);
    throw invalid({ group: '', kind: '' }, '', [{ reason: 'FieldValueInvalid', field: 'patch', message: `Invalid value: ${JSON.stringify(value)}: ${err}` }]);
  }
  return fieldProblems(unknown ?? NO_FIELDS, duplicates, fieldValidation);
}
