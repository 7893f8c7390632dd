// Another version of a resource served over the same storage, for versions whose objects have
// exactly the v1 shape (resource.orch.io/v1beta2): the same strategy, table and subresources,
// its own OpenAPI definition and decoding schema, and objects stored as v1 whichever version
// wrote them (reads take the path's version).
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';
import type { ResourceDeclaration } from '../resource.ts';

export function servedAsVersion<T extends ApiObject, S extends ApiObject>(decl: ResourceDeclaration<T, S>, version: string): ResourceDeclaration<T, S> {
  const definition = decl.openapiDefinition!.replace(`.${decl.version}.`, `.${version}.`);
  const storedApiVersion = `${decl.storageVersion.group}/${decl.storageVersion.version}`;
  return {
    ...decl,
    version,
    openapiDefinition: definition,
    schema: kindSchema(definition),
    toStored: (obj) => decl.toStored({ ...obj, apiVersion: storedApiVersion }),
  };
}
