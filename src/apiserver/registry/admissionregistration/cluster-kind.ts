// The shape every admissionregistration.orch.io kind shares: cluster-scoped, stored as served,
// all verbs, a name/age table with the kind's own columns; for policies, a /status subresource.
import { ADMISSIONREGISTRATION_GROUP } from '../../../api/admissionregistration/v1/types.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { objectMetaFieldSet } from '../../../machinery/selectors/fields.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration, type ResourceStrategy, type TableColumnDefinition } from '../resource.ts';
import { nameAgeTable } from '../simple-table.ts';
import { servedAsStoredNames } from '../declaration-names.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';
import { deepEqual } from '../../../machinery/validation/immutable.ts';
import { toStatusCauses } from '../../../machinery/validation/field-error.ts';
import { validateObjectMetaUpdate } from '../../../machinery/validation/object-meta.ts';
import { keepMetadataForStatus } from '../status-metadata.ts';

export interface ClusterKindSpec<T extends ApiObject> {
  version: string;
  kind: string;
  plural: string;
  singular: string;
  shortNames?: string[];
  defaults(obj: T): void;
  validate(obj: T): StatusCause[];
  validateUpdate(obj: T, old: T): StatusCause[];
  /**
   * Policies: a status written only through /status (by their status controller), kept on
   * main-resource writes, and a generation raised by each change of the spec.
   */
  statusSubresource?: boolean;
  columns?: readonly TableColumnDefinition[];
  cells?: (obj: T) => unknown[];
}

export function clusterKindDeclaration<T extends ApiObject>(spec: ClusterKindSpec<T>): ResourceDeclaration<T, T> {
  const strategy: ResourceStrategy<T> = {
    ...validatingStrategy({ validate: spec.validate, validateUpdate: spec.validateUpdate, allowCreateOnUpdate: false }),
    prepareForCreate: (obj) => {
      if (spec.statusSubresource) delete (obj as Record<string, unknown>)['status'];
      spec.defaults(obj);
    },
    prepareForUpdate: (obj, old) => {
      spec.defaults(obj);
      if (!spec.statusSubresource) return;
      const o = obj as Record<string, unknown>;
      const was = old as Record<string, unknown>;
      o['status'] = was['status'];
      if (!deepEqual(o['spec'], was['spec'])) obj.metadata.generation = (old.metadata.generation ?? 0) + 1;
    },
  };
  // A status write changes the status alone.
  const statusStrategy: ResourceStrategy<T> = {
    ...strategy,
    prepareForCreate: () => {},
    prepareForUpdate: (obj, old) => {
      (obj as Record<string, unknown>)['spec'] = (old as Record<string, unknown>)['spec'];
      keepMetadataForStatus(obj.metadata, old.metadata);
    },
    validate: () => [],
    validateUpdate: (obj, old) => toStatusCauses(validateObjectMetaUpdate(obj.metadata, old.metadata)),
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
    ...(spec.statusSubresource ? { subresources: { status: { verbs: ['get', 'patch', 'update'], strategy: statusStrategy } } } : {}),
  };
}
