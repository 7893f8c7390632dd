// An object written again as Kubernetes' Go encoder writes its kind: fields in the struct's
// declaration order and zero values where Go always writes them. Decoding applies this to what a
// client sends; a strategy that fills in fields afterwards (defaults, normalisation, allocated
// values) calls this so that what is stored and read back has Go's order, not insertion order.
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';
import { compileSchema, decodeWithSchema, type CompiledSchema } from '../../../machinery/schema/decode.ts';

const compiled = new Map<string, CompiledSchema>();

/** A function that rewrites an object of the kind defined as `definition` in Go's encoding, in place. */
export function goEncoder(definition: string, goType: string): (obj: ApiObject) => void {
  return (obj) => {
    let schema = compiled.get(definition);
    if (!schema) {
      const structural = kindSchema(definition);
      schema = compileSchema(structural.goType ? structural : { ...structural, goType });
      compiled.set(definition, schema);
    }
    // The object was decoded already: its types are right, so there is no error to report.
    decodeWithSchema(schema, obj, { defaults: true });
  };
}
