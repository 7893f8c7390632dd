// The shape every admissionregistration.orch.io kind shares: cluster-scoped, stored as served,
// all verbs, a name/age table with the kind's own columns.
import { ADMISSIONREGISTRATION_GROUP } from '../../../api/admissionregistration/v1/types.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { objectMetaFieldSet } from '../../../machinery/selectors/fields.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration, type ResourceStrategy, type TableColumnDefinition } from '../resource.ts';
import { nameAgeTable } from '../simple-table.ts';
import { servedAsStoredNames } from '../declaration-names.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';

export interface ClusterKindSpec<T extends ApiObject> {
  version: string;
  kind: string;
  plural: string;
  singular: string;
  shortNames?: string[];
  defaults(obj: T): void;
  validate(obj: T): StatusCause[];
  validateUpdate(obj: T, old: T): StatusCause[];
  /** Keeps status on main-resource writes (policies own a status written by the server). */
  keepStatus?: boolean;
  /** Computes the server-owned status after each write of the spec. */
  status?(obj: T): void;
  columns?: readonly TableColumnDefinition[];
  cells?: (obj: T) => unknown[];
}

export function clusterKindDeclaration<T extends ApiObject>(spec: ClusterKindSpec<T>): ResourceDeclaration<T, T> {
  const strategy: ResourceStrategy<T> = {
    ...validatingStrategy({ validate: spec.validate, validateUpdate: spec.validateUpdate, allowCreateOnUpdate: false }),
    prepareForCreate: (obj) => {
      if (spec.keepStatus) delete (obj as Record<string, unknown>)['status'];
      spec.defaults(obj);
      spec.status?.(obj);
    },
    prepareForUpdate: (obj, old) => {
      if (spec.keepStatus) (obj as Record<string, unknown>)['status'] = (old as Record<string, unknown>)['status'];
      spec.defaults(obj);
      spec.status?.(obj);
    },
  };
  return {
    ...servedAsStoredNames(ADMISSIONREGISTRATION_GROUP, spec.version, spec.kind, spec.plural),
    singular: spec.singular,
    shortNames: spec.shortNames ?? [],
    categories: ['api-extensions'],
    namespaced: false,
    strategy,
    schema: kindSchema(`io.orch.api.admissionregistration.${spec.version}.${spec.kind}`),
    toStored: (obj: T) => obj,
    fromStored: (obj: T) => structuredClone(obj),
    fieldSet: (obj: T) => objectMetaFieldSet(obj.metadata, false),
    allowedFieldSelectors: ['metadata.name'],
    table: nameAgeTable<T>(spec.columns ?? [], spec.cells ?? (() => [])),
    verbs: ALL_VERBS,
  };
}
