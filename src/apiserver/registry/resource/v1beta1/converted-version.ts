// Another version of a resource whose objects have another shape than the stored one, served over
// the same storage by converting: bodies are decoded against the version's own schema, turned
// into the stored version's form for its decoding defaults, strategy (defaults, validation,
// update rules, status rules) and table, and turned back for admission and responses. Objects are
// stored in the stored version whichever version wrote them, as Kubernetes stores them, so field
// errors name the stored form's paths (Kubernetes validates its internal form, which is v1's).
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import type { ResourceDeclaration, ResourceStrategy, SubresourceDeclaration } from '../../resource.ts';

export interface VersionConversion<T extends ApiObject, V extends ApiObject> {
  /** This version's object in the stored version's form (may share parts with its argument). */
  toStoredVersion(obj: V): T;
  /** The stored version's object in this version's form (may share parts with its argument). */
  fromStoredVersion(obj: T): V;
}

/** Replaces obj's contents with those of `next`: strategies change the object they are given. */
function assignInPlace(obj: ApiObject, next: ApiObject): void {
  for (const key of Object.keys(obj)) delete (obj as Record<string, unknown>)[key];
  Object.assign(obj, next);
}

function convertedStrategy<T extends ApiObject, V extends ApiObject>(s: ResourceStrategy<T>, c: VersionConversion<T, V>): ResourceStrategy<V> {
  const to = c.toStoredVersion;
  const inPlace = (obj: V, change: (converted: T) => void) => {
    const converted = to(obj);
    change(converted);
    assignInPlace(obj, c.fromStoredVersion(converted));
  };
  return {
    prepareForCreate: (obj, ctx) => inPlace(obj, (o) => s.prepareForCreate(o, ctx)),
    prepareForUpdate: (obj, old) => inPlace(obj, (o) => s.prepareForUpdate(o, to(old))),
    validate: (obj) => s.validate(to(obj)),
    validateUpdate: (obj, old) => s.validateUpdate(to(obj), to(old)),
    warningsOnCreate: (obj) => s.warningsOnCreate(to(obj)),
    warningsOnUpdate: (obj, old) => s.warningsOnUpdate(to(obj), to(old)),
    canonicalize: (obj) => inPlace(obj, (o) => s.canonicalize(o)),
    allowCreateOnUpdate: s.allowCreateOnUpdate,
    allowUnconditionalUpdate: s.allowUnconditionalUpdate,
  };
}

export function servedThroughConversion<T extends ApiObject, S extends ApiObject, V extends ApiObject>(
  decl: ResourceDeclaration<T, S>,
  version: string,
  conversion: VersionConversion<T, V>,
): ResourceDeclaration<V, S> {
  const definition = decl.openapiDefinition!.replace(`.${decl.version}.`, `.${version}.`);
  const storedApiVersion = `${decl.group}/${decl.version}`;
  const servedApiVersion = `${decl.group}/${version}`;
  const to = (obj: V): T => ({ ...conversion.toStoredVersion(obj), apiVersion: storedApiVersion });
  const from = (obj: T): V => ({ ...conversion.fromStoredVersion(obj), apiVersion: servedApiVersion });
  if (decl.deletion) throw new Error(`${decl.plural}: deletion hooks do not convert`);
  const subresources = decl.subresources
    ? Object.fromEntries(
        Object.entries(decl.subresources).map(([name, sub]) => {
          if (sub.action || sub.view || sub.connect) throw new Error(`${decl.plural}/${name}: only strategy subresources convert`);
          return [name, { verbs: sub.verbs, strategy: convertedStrategy(sub.strategy, conversion) } satisfies SubresourceDeclaration<V>];
        }),
      )
    : undefined;
  return {
    ...decl,
    version,
    openapiDefinition: definition,
    schema: kindSchema(definition),
    strategy: convertedStrategy(decl.strategy, conversion),
    decode: (raw) => {
      const converted = to(raw as V);
      return from(decl.decode ? decl.decode(converted) : converted);
    },
    toStored: (obj) => decl.toStored(to(obj)),
    fromStored: (obj) => from(decl.fromStored(obj)),
    fromStoredForReading: (obj) => from(decl.fromStoredForReading ? decl.fromStoredForReading(obj) : decl.fromStored(obj)),
    table: { columns: decl.table.columns, row: (obj) => decl.table.row(to(obj)) },
    subresources,
  } as ResourceDeclaration<V, S>;
}
