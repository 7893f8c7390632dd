// rbac.authorization.orch.io/v1 definitions: roles, bindings and their parts.
import { META_V1 } from './names.ts';
import { object, refArray, refProp, str, stringList, type Dialect, type Schema } from './schema-builder.ts';

export const RBAC_V1 = 'io.orch.api.rbac.v1';

const meta = (n: string) => `${META_V1}.${n}`;
const rbac = (n: string) => `${RBAC_V1}.${n}`;
const GROUP = 'rbac.authorization.orch.io';

const apiVersionDoc = 'The versioned schema of this representation of an object.';
const kindDoc = 'The REST resource this object represents, in CamelCase.';
const metadataDoc = 'Standard object metadata.';

function kind(d: Dialect, name: string, doc: string, props: Record<string, Schema>, required: string[] = []): Schema {
  return object(
    doc,
    { apiVersion: str(apiVersionDoc), kind: str(kindDoc), metadata: refProp(d, meta('ObjectMeta'), metadataDoc, true), ...props },
    { required, gvk: [{ group: GROUP, kind: name, version: 'v1' }] },
  );
}

export function rbacSchemas(d: Dialect): Record<string, Schema> {
  const rules = refArray(d, rbac('PolicyRule'), 'The rules of this role.', { 'x-kubernetes-list-type': 'atomic' });
  const subjects = refArray(d, rbac('Subject'), 'The users, groups and service accounts the role is bound to.', { 'x-kubernetes-list-type': 'atomic' });
  const roleRef = refProp(d, rbac('RoleRef'), 'The role bound; it cannot change once set.', true);
  return {
    [rbac('PolicyRule')]: object(
      'The verbs a rule allows on resources or non-resource URLs.',
      {
        apiGroups: stringList('API groups of the resources; "" is the core group, "*" every group.', { 'x-kubernetes-list-type': 'atomic' }),
        nonResourceURLs: stringList('Partial URLs a user may reach (ClusterRoles only).', { 'x-kubernetes-list-type': 'atomic' }),
        resourceNames: stringList('Names the rule is restricted to; empty means every name.', { 'x-kubernetes-list-type': 'atomic' }),
        resources: stringList('Resources the rule applies to; "*" for all.', { 'x-kubernetes-list-type': 'atomic' }),
        verbs: stringList('Verbs the rule allows; "*" for all.', { 'x-kubernetes-list-type': 'atomic' }),
      },
      { required: ['verbs'] },
    ),
    [rbac('Subject')]: object(
      'A user, group or service account a binding applies to.',
      {
        apiGroup: str('API group of the subject: "" for ServiceAccount, rbac.authorization.orch.io for User and Group.'),
        kind: str('User, Group or ServiceAccount.', { default: '' }),
        name: str('Name of the subject.', { default: '' }),
        namespace: str('Namespace of a ServiceAccount subject.'),
      },
      { required: ['kind', 'name'], extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [rbac('RoleRef')]: object(
      'The role a binding refers to.',
      {
        apiGroup: str('API group of the role.', { default: '' }),
        kind: str('Role or ClusterRole.', { default: '' }),
        name: str('Name of the role.', { default: '' }),
      },
      { required: ['apiGroup', 'kind', 'name'], extra: { 'x-kubernetes-map-type': 'atomic' } },
    ),
    [rbac('AggregationRule')]: object('How a ClusterRole is aggregated from others.', {
      clusterRoleSelectors: refArray(d, meta('LabelSelector'), 'ClusterRoles whose rules are aggregated into this one.', { 'x-kubernetes-list-type': 'atomic' }),
    }),
    [rbac('Role')]: kind(d, 'Role', 'A namespaced set of rules.', { rules }),
    [rbac('ClusterRole')]: kind(d, 'ClusterRole', 'A cluster-wide set of rules, possibly aggregated from other ClusterRoles.', {
      aggregationRule: refProp(d, rbac('AggregationRule'), 'How this role is aggregated; its rules are then managed by the controller.'),
      rules,
    }),
    [rbac('RoleBinding')]: kind(d, 'RoleBinding', 'Grants the rules of a role within a namespace.', { roleRef, subjects }, ['roleRef']),
    [rbac('ClusterRoleBinding')]: kind(d, 'ClusterRoleBinding', 'Grants the rules of a ClusterRole cluster-wide.', { roleRef, subjects }, ['roleRef']),
  };
}
