// rbac.authorization.orch.io/v1 definitions: roles, bindings, their lists and their parts, with
// Kubernetes' field numbers (k8s.io/api rbac/v1 generated.proto).
import { META_V1 } from './names.ts';
import { tag } from './protobuf-extension.ts';
import { object, refArray, refProp, str, stringList, type Dialect, type Schema } from './schema-builder.ts';
import { API_VERSION_DOC as apiVersionDoc, KIND_DOC as kindDoc, METADATA_DOC as metadataDoc, listSchema } from './list-schema.ts';

export const RBAC_V1 = 'io.orch.api.rbac.v1';

const meta = (n: string) => `${META_V1}.${n}`;
const rbac = (n: string) => `${RBAC_V1}.${n}`;
const GROUP = 'rbac.authorization.orch.io';


/**
 * The list of a kind, as the documents would publish it anyway (served-definitions.ts writes the
 * same for kinds without one): written here so that its protobuf message has its field numbers.
 */
const list = (d: Dialect, item: string): Schema => listSchema(d, { item: rbac(item), group: GROUP, kind: `${item}List`, doc: `A list of ${item} objects.` });

function kind(d: Dialect, name: string, doc: string, props: Record<string, Schema>, required: string[] = []): Schema {
  return object(
    doc,
    { apiVersion: str(apiVersionDoc), kind: str(kindDoc), metadata: tag(1, refProp(d, meta('ObjectMeta'), metadataDoc, true)), ...props },
    { required, gvk: [{ group: GROUP, kind: name, version: 'v1' }] },
  );
}

export function rbacSchemas(d: Dialect): Record<string, Schema> {
  // Roles and bindings put these fields at the same numbers.
  const rules = tag(2, refArray(d, rbac('PolicyRule'), 'The rules of this role.', { 'x-kubernetes-list-type': 'atomic' }));
  const subjects = tag(2, refArray(d, rbac('Subject'), 'The users, groups and service accounts the role is bound to.', { 'x-kubernetes-list-type': 'atomic' }));
  const roleRef = tag(3, refProp(d, rbac('RoleRef'), 'The role bound; it cannot change once set.', true));
  return {
    [rbac('PolicyRule')]: object(
      'The verbs a rule allows on resources or non-resource URLs.',
      {
        apiGroups: tag(2, stringList('API groups of the resources; "" is the core group, "*" every group.', { 'x-kubernetes-list-type': 'atomic' })),
        nonResourceURLs: tag(5, stringList('Partial URLs a user may reach (ClusterRoles only).', { 'x-kubernetes-list-type': 'atomic' })),
        resourceNames: tag(4, stringList('Names the rule is restricted to; empty means every name.', { 'x-kubernetes-list-type': 'atomic' })),
        resources: tag(3, stringList('Resources the rule applies to; "*" for all.', { 'x-kubernetes-list-type': 'atomic' })),
        verbs: tag(1, stringList('Verbs the rule allows; "*" for all.', { 'x-kubernetes-list-type': 'atomic' })),
      },
      { required: ['verbs'] },
    ),
    [rbac('Subject')]: object(
      'A user, group or service account a binding applies to.',
      {
        apiGroup: tag(2, str('API group of the subject: "" for ServiceAccount, rbac.authorization.orch.io for User and Group.')),
        kind: tag(1, str('User, Group or ServiceAccount.', { default: '' })),
        name: tag(3, str('Name of the subject.', { default: '' })),
        namespace: tag(4, str('Namespace of a ServiceAccount subject.')),
      },
      { required: ['kind', 'name'], extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [rbac('RoleRef')]: object(
      'The role a binding refers to.',
      {
        apiGroup: tag(1, str('API group of the role.', { default: '' })),
        kind: tag(2, str('Role or ClusterRole.', { default: '' })),
        name: tag(3, str('Name of the role.', { default: '' })),
      },
      { required: ['apiGroup', 'kind', 'name'], extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [rbac('AggregationRule')]: object('How a ClusterRole is aggregated from others.', {
      clusterRoleSelectors: tag(1, refArray(d, meta('LabelSelector'), 'ClusterRoles whose rules are aggregated into this one.', { 'x-kubernetes-list-type': 'atomic' })),
    }),
    [rbac('Role')]: kind(d, 'Role', 'A namespaced set of rules.', { rules }),
    [rbac('ClusterRole')]: kind(d, 'ClusterRole', 'A cluster-wide set of rules, possibly aggregated from other ClusterRoles.', {
      aggregationRule: tag(3, refProp(d, rbac('AggregationRule'), 'How this role is aggregated; its rules are then managed by the controller.')),
      rules,
    }),
    [rbac('RoleBinding')]: kind(d, 'RoleBinding', 'Grants the rules of a role within a namespace.', { roleRef, subjects }, ['roleRef']),
    [rbac('ClusterRoleBinding')]: kind(d, 'ClusterRoleBinding', 'Grants the rules of a ClusterRole cluster-wide.', { roleRef, subjects }, ['roleRef']),
    [rbac('RoleList')]: list(d, 'Role'),
    [rbac('ClusterRoleList')]: list(d, 'ClusterRole'),
    [rbac('RoleBindingList')]: list(d, 'RoleBinding'),
    [rbac('ClusterRoleBindingList')]: list(d, 'ClusterRoleBinding'),
  };
}
