// rbac.authorization.orch.io/v1 Role, ClusterRole, RoleBinding and ClusterRoleBinding. Stored as
// served; a binding's roleRef never changes.
import type { ClusterRole, Role, RoleBinding } from '../../../api/rbac/v1/types.ts';
import { GROUP, VERSION } from '../../../api/rbac/v1/types.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { StatusCause } from '../../../machinery/status.ts';
import { ALL_VERBS, validatingStrategy, type ResourceDeclaration, type ResourceStrategy, type ResourceTable } from '../resource.ts';
import { bindingTable, roleTable } from './table.ts';
import { validateClusterRole, validateClusterRoleBinding, validateRole, validateRoleBinding, validateRoleRefUnchanged } from './validation.ts';
import { servedAsStoredNames } from '../declaration-names.ts';
import { kindSchema } from '../../../machinery/openapi/kind-schemas.ts';

function strategy<T extends ApiObject>(validate: (o: T) => StatusCause[], validateUpdate: (o: T, old: T) => StatusCause[]): ResourceStrategy<T> {
  return validatingStrategy({ validate, validateUpdate, allowCreateOnUpdate: true });
}

const metadataFields = (obj: ApiObject): Record<string, string> => ({
  'metadata.name': obj.metadata.name ?? '',
  'metadata.namespace': obj.metadata.namespace ?? '',
});

function declaration<T extends ApiObject>(spec: {
  kind: string;
  plural: string;
  namespaced: boolean;
  validate: (o: T) => StatusCause[];
  validateUpdate: (o: T, old: T) => StatusCause[];
  table: ResourceTable<T>;
}) {
  return {
    ...servedAsStoredNames(GROUP, VERSION, spec.kind, spec.plural),
    singular: spec.kind.toLowerCase(),
    shortNames: [],
    categories: [],
    namespaced: spec.namespaced,
    strategy: strategy<T>(spec.validate, spec.validateUpdate),
    toStored: (obj: T) => obj,
    // served() sets apiVersion and kind on what this returns: never hand out the cached object.
    fromStored: (obj: T) => ({ ...obj }),
    fieldSet: metadataFields,
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace'],
    table: spec.table,
    verbs: ALL_VERBS,
    openapiDefinition: `io.orch.api.rbac.v1.${spec.kind}`,
    schema: kindSchema(`io.orch.api.rbac.v1.${spec.kind}`),
    protobuf: true,
  } satisfies ResourceDeclaration<T, T>;
}

export const roleDeclaration = () =>
  declaration<Role>({ kind: 'Role', plural: 'roles', namespaced: true, validate: validateRole, validateUpdate: (o) => validateRole(o), table: roleTable<Role>() });

export const clusterRoleDeclaration = () =>
  declaration<ClusterRole>({
    kind: 'ClusterRole',
    plural: 'clusterroles',
    namespaced: false,
    validate: validateClusterRole,
    validateUpdate: (o) => validateClusterRole(o),
    table: roleTable<ClusterRole>(),
  });

export const roleBindingDeclaration = () =>
  declaration<RoleBinding>({
    kind: 'RoleBinding',
    plural: 'rolebindings',
    namespaced: true,
    validate: validateRoleBinding,
    validateUpdate: (o, old) => [...validateRoleBinding(o), ...validateRoleRefUnchanged(o, old)],
    table: bindingTable(),
  });

export const clusterRoleBindingDeclaration = () =>
  declaration<RoleBinding>({
    kind: 'ClusterRoleBinding',
    plural: 'clusterrolebindings',
    namespaced: false,
    validate: validateClusterRoleBinding,
    validateUpdate: (o, old) => [...validateClusterRoleBinding(o), ...validateRoleRefUnchanged(o, old)],
    table: bindingTable(),
  });

export function rbacDeclarations(): ResourceDeclaration<any, any>[] {
  return [roleDeclaration(), clusterRoleDeclaration(), roleBindingDeclaration(), clusterRoleBindingDeclaration()];
}
