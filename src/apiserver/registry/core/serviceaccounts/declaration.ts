// core v1 ServiceAccount (/api/v1 serviceaccounts, short name `sa`): stored as served under
// /registry/serviceaccounts/. Its `token` subresource is served by the service account token
// handler (src/apiserver/serviceaccount/), not by the generic store.
import type { ServiceAccount } from '../../../../api/core/v1/service-account-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta } from '../../../../machinery/validation/object-meta.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration, type ResourceStrategy, type TableColumnDefinition } from '../../resource.ts';
import { timestampSince } from '../../human-duration.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';

/** Deprecated since Kubernetes 1.32; its brand-swapped spelling gets the same warning. */
const ENFORCE_MOUNTABLE_SECRETS = ['orch.io/enforce-mountable-secrets', 'kubernetes.io/enforce-mountable-secrets'];

function warnings(sa: ServiceAccount): string[] {
  return ENFORCE_MOUNTABLE_SECRETS.filter((a) => sa.metadata.annotations?.[a] !== undefined).map(
    (a) => `metadata.annotations[${a}]: deprecated in v1.32+; prefer separate namespaces to isolate access to mounted secrets`,
  );
}

function validateServiceAccount(sa: ServiceAccount): FieldError[] {
  return validateObjectMeta(sa.metadata, true, nameIsDNSSubdomain);
}

export const serviceAccountStrategy: ResourceStrategy<ServiceAccount> = validatingStrategy({
  validate: (obj) => toStatusCauses(validateServiceAccount(obj)),
  validateUpdate: (obj) => toStatusCauses(validateServiceAccount(obj)),
  allowCreateOnUpdate: false,
  warnings,
});

export const serviceAccountTableColumns: readonly TableColumnDefinition[] = [
  { name: 'Name', type: 'string', format: 'name', priority: 0, description: 'Name of the service account, unique within its namespace.' },
  { name: 'Secrets', type: 'string', format: '', priority: 0, description: 'How many secrets the service account lists.' },
  { name: 'Age', type: 'string', format: '', priority: 0, description: 'Time since the service account was created.' },
];

export function serviceAccountsDeclaration() {
  return {
    group: '',
    version: 'v1',
    kind: 'ServiceAccount',
    listKind: 'ServiceAccountList',
    plural: 'serviceaccounts',
    singular: 'serviceaccount',
    shortNames: ['sa'],
    categories: [],
    namespaced: true,
    storageResource: { group: '', resource: 'serviceaccounts' },
    storageVersion: { group: '', version: 'v1', kind: 'ServiceAccount' },
    strategy: serviceAccountStrategy,
    toStored: (obj) => obj,
    fromStored: (obj) => cloneJson(obj),
    fieldSet: (obj) => objectMetaFieldSet(obj.metadata, true),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: {
      columns: serviceAccountTableColumns,
      row: (obj) => [obj.metadata.name ?? '', (obj.secrets ?? []).length, timestampSince(obj.metadata.creationTimestamp, new Date())],
    },
    verbs: ALL_VERBS,
    protobuf: true,
    openapiDefinition: 'io.orch.api.core.v1.ServiceAccount',
    schema: kindSchema('io.orch.api.core.v1.ServiceAccount'),
  } satisfies ResourceDeclaration<ServiceAccount, ServiceAccount>;
}
