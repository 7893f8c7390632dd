// The default RBAC policy every server starts with, as Kubernetes' bootstrap policy (brand
// swapped): cluster-admin; admin, edit and view with their aggregation labels and rules; the
// discovery, basic-user and public-info-viewer roles; the certificate signing request roles; the
// controller manager's and one per controller; and the bindings Kubernetes ships.
import type { ClusterRole, PolicyRule, RoleBinding } from '../../../../api/rbac/v1/types.ts';
import { AUTOUPDATE_ANNOTATION, GROUP } from '../../../../api/rbac/v1/types.ts';
import { ADMIN_RULES, EDIT_RULES, VIEW_RULES } from './aggregated-roles.ts';
import { CONTROLLER_ACCOUNTS, CONTROLLER_MANAGER_RULES, CONTROLLER_MANAGER_USER, controllerRules } from './controller-roles.ts';
import { resourceRule as r, urlRule } from './rule.ts';

export const BOOTSTRAPPING_LABEL = 'orch.io/bootstrapping';
const AGGREGATE = (to: string) => `${GROUP}/aggregate-to-${to}`;
const SYSTEM_NAMESPACE = 'orch-system';

function meta(name: string, labels: Record<string, string> = {}) {
  return { name, labels: { [BOOTSTRAPPING_LABEL]: 'rbac-defaults', ...labels }, annotations: { [AUTOUPDATE_ANNOTATION]: 'true' } };
}

function clusterRole(name: string, rules: PolicyRule[], extra: Partial<ClusterRole> & { labels?: Record<string, string> } = {}): ClusterRole {
  const { labels, ...rest } = extra;
  return { apiVersion: `${GROUP}/v1`, kind: 'ClusterRole', metadata: meta(name, labels), rules, ...rest };
}

function binding(name: string, role: string, subjects: RoleBinding['subjects']): RoleBinding {
  return { apiVersion: `${GROUP}/v1`, kind: 'ClusterRoleBinding', metadata: meta(name), roleRef: { apiGroup: GROUP, kind: 'ClusterRole', name: role }, subjects };
}

const group = (name: string) => ({ kind: 'Group', apiGroup: GROUP, name });
const user = (name: string) => ({ kind: 'User', apiGroup: GROUP, name });

export function bootstrapClusterRoles(): ClusterRole[] {
  const aggregation = (to: string) => ({ clusterRoleSelectors: [{ matchLabels: { [AGGREGATE(to)]: 'true' } }] });
  return [
    clusterRole('cluster-admin', [r(['*'], ['*'], ['*']), urlRule(['*'], ['*'])]),
    clusterRole('admin', ADMIN_RULES, { aggregationRule: aggregation('admin') }),
    clusterRole('edit', EDIT_RULES, { aggregationRule: aggregation('edit'), labels: { [AGGREGATE('admin')]: 'true' } }),
    clusterRole('view', VIEW_RULES, { aggregationRule: aggregation('view'), labels: { [AGGREGATE('edit')]: 'true' } }),
    clusterRole('system:aggregate-to-admin', ADMIN_RULES.slice(0, 2), { labels: { [AGGREGATE('admin')]: 'true' } }),
    clusterRole('system:aggregate-to-edit', EDIT_RULES.slice(0, EDIT_RULES.length - VIEW_RULES.length), { labels: { [AGGREGATE('edit')]: 'true' } }),
    clusterRole('system:aggregate-to-view', VIEW_RULES, { labels: { [AGGREGATE('view')]: 'true' } }),
    clusterRole('system:discovery', [urlRule(['get'], ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'])]),
    clusterRole('system:basic-user', [
      r(['create'], ['authorization.orch.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']),
      r(['create'], ['authentication.orch.io'], ['selfsubjectreviews']),
    ]),
    // Beyond Kubernetes' paths: the files of the web page under /ui/, which hold no cluster data.
    clusterRole('system:public-info-viewer', [urlRule(['get'], ['/healthz', '/livez', '/readyz', '/version', '/version/', '/ui', '/ui/*'])]),
    clusterRole('system:auth-delegator', [r(['create'], ['authentication.orch.io'], ['tokenreviews']), r(['create'], ['authorization.orch.io'], ['subjectaccessreviews'])]),
    // Certificate roles Kubernetes ships unbound: who may ask for node client certificates (the
    // approving controller checks them), and who may approve each built-in signer's requests.
    clusterRole('system:node-bootstrapper', [r(['create', 'get', 'list', 'watch'], ['certificates.orch.io'], ['certificatesigningrequests'])]),
    clusterRole('system:certificates.orch.io:certificatesigningrequests:nodeclient', [r(['create'], ['certificates.orch.io'], ['certificatesigningrequests/nodeclient'])]),
    clusterRole('system:certificates.orch.io:certificatesigningrequests:selfnodeclient', [r(['create'], ['certificates.orch.io'], ['certificatesigningrequests/selfnodeclient'])]),
    ...(['kube-apiserver-client', 'kube-apiserver-client-kubelet', 'kubelet-serving', 'legacy-unknown'] as const).map((signer) =>
      clusterRole(`system:certificates.orch.io:${signer}-approver`, [r(['approve'], ['certificates.orch.io'], ['signers'], [`orch.io/${signer}`])])),
    clusterRole(CONTROLLER_MANAGER_USER, CONTROLLER_MANAGER_RULES),
    ...CONTROLLER_ACCOUNTS.map((account) => clusterRole(`system:controller:${account}`, controllerRules(account))),
  ];
}

export function bootstrapClusterRoleBindings(): RoleBinding[] {
  return [
    binding('cluster-admin', 'cluster-admin', [group('system:masters')]),
    binding('system:discovery', 'system:discovery', [group('system:authenticated')]),
    binding('system:basic-user', 'system:basic-user', [group('system:authenticated')]),
    binding('system:public-info-viewer', 'system:public-info-viewer', [group('system:authenticated'), group('system:unauthenticated')]),
    binding(CONTROLLER_MANAGER_USER, CONTROLLER_MANAGER_USER, [user(CONTROLLER_MANAGER_USER)]),
    ...CONTROLLER_ACCOUNTS.map((account) => binding(`system:controller:${account}`, `system:controller:${account}`, [{ kind: 'ServiceAccount', name: account, namespace: SYSTEM_NAMESPACE }])),
  ];
}
