// What every review kind shares: a create-only declaration that is never stored, and a store that
// refuses to be used (the create is answered by the resource's virtualCreate).
import type { ApiObject } from '../../../storage/interface.ts';
import { inertStrategy, type ResourceDeclaration } from '../resource.ts';
import { servedAsStoredNames } from '../declaration-names.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';

export function reviewDeclaration<T extends ApiObject>(spec: { group: string; kind: string; plural: string; namespaced: boolean }) {
  return {
    ...servedAsStoredNames(spec.group, 'v1', spec.kind, spec.plural),
    singular: spec.kind.toLowerCase(),
    shortNames: [],
    categories: [],
    namespaced: spec.namespaced,
    strategy: inertStrategy<T>(),
    // authorization.orch.io -> io.orch.api.authorization.v1
    schema: kindSchema(`io.orch.api.${spec.group.split('.')[0]}.v1.${spec.kind}`),
    toStored: (obj: T) => obj,
    fromStored: (obj: T) => ({ ...obj }),
    fieldSet: () => ({}),
    allowedFieldSelectors: [],
    table: { columns: [], row: () => [] },
    verbs: ['create'],
    protobuf: true,
  } satisfies ResourceDeclaration<T, T>;
}
