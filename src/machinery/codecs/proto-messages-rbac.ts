// rbac.authorization.k8s.io/v1 messages and the meta LabelSelector they embed, with Kubernetes'
// field numbers (k8s.io/api rbac/v1 and apimachinery meta/v1 generated.proto).
import { list, m, map, s, type MessageSpec } from './proto-field.ts';

export const rbacMessages: Record<string, MessageSpec> = {
  LabelSelectorRequirement: { key: s(1), operator: s(2), values: list(3, 'string') },
  LabelSelector: { matchLabels: map(1, 'string'), matchExpressions: list(2, 'LabelSelectorRequirement') },
  PolicyRule: { verbs: list(1, 'string'), apiGroups: list(2, 'string'), resources: list(3, 'string'), resourceNames: list(4, 'string'), nonResourceURLs: list(5, 'string') },
  AggregationRule: { clusterRoleSelectors: list(1, 'LabelSelector') },
  Role: { metadata: m(1, 'ObjectMeta'), rules: list(2, 'PolicyRule') },
  RoleList: { metadata: m(1, 'ListMeta'), items: list(2, 'Role') },
  ClusterRole: { metadata: m(1, 'ObjectMeta'), rules: list(2, 'PolicyRule'), aggregationRule: m(3, 'AggregationRule') },
  ClusterRoleList: { metadata: m(1, 'ListMeta'), items: list(2, 'ClusterRole') },
  Subject: { kind: s(1), apiGroup: s(2), name: s(3), namespace: s(4) },
  RoleRef: { apiGroup: s(1), kind: s(2), name: s(3) },
  RoleBinding: { metadata: m(1, 'ObjectMeta'), subjects: list(2, 'Subject'), roleRef: m(3, 'RoleRef') },
  RoleBindingList: { metadata: m(1, 'ListMeta'), items: list(2, 'RoleBinding') },
  ClusterRoleBinding: { metadata: m(1, 'ObjectMeta'), subjects: list(2, 'Subject'), roleRef: m(3, 'RoleRef') },
  ClusterRoleBindingList: { metadata: m(1, 'ListMeta'), items: list(2, 'ClusterRoleBinding') },
};
