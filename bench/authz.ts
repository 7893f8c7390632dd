// Cost of one RBAC authorization decision with 1,000 bindings in the index (in-process, µs).
import { RbacPolicyIndex } from '../src/apiserver/authorization/rbac/policy-index.ts';
import { rbacAuthorizer } from '../src/apiserver/authorization/rbac/authorizer.ts';
import { bootstrapClusterRoleBindings, bootstrapClusterRoles } from '../src/apiserver/registry/rbac/bootstrap/policy.ts';
import type { Attributes } from '../src/machinery/authorization/types.ts';

export function benchAuthz(opts: { bindings?: number; iterations?: number } = {}): Record<string, number> {
  const bindings = opts.bindings ?? 1000;
  const iterations = opts.iterations ?? 50_000;
  const index = new RbacPolicyIndex();
  for (const r of bootstrapClusterRoles()) index.set('ClusterRole', r);
  for (const b of bootstrapClusterRoleBindings()) index.set('ClusterRoleBinding', b);
  for (let i = 0; i < bindings; i++) {
    index.set('RoleBinding', {
      metadata: { name: `b${i}`, namespace: `ns${i % 50}` },
      roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: i % 2 ? 'view' : 'edit' },
      subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.orch.io', name: `user${i}` }, { kind: 'Group', apiGroup: 'rbac.authorization.orch.io', name: `team${i % 20}` }],
    });
  }
  const authorizer = rbacAuthorizer({ index });
  const attrs = (user: string, groups: string[], verb: string): Attributes => ({
    user: { name: user, groups: [...groups, 'system:authenticated'] },
    verb,
    isResourceRequest: true,
    path: '/api/v1/namespaces/ns7/events',
    namespace: 'ns7',
    apiGroup: '',
    apiVersion: 'v1',
    resource: 'events',
    subresource: '',
    name: '',
  });
  const measure = (a: Attributes): number => {
    for (let i = 0; i < 1000; i++) authorizer.authorize(a);
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) authorizer.authorize(a);
    return Number(process.hrtime.bigint() - start) / 1000 / iterations;
  };
  return {
    [`RBAC decision with ${bindings} bindings, allowed (us/call)`]: measure(attrs('user7', ['team7'], 'list')),
    [`RBAC decision with ${bindings} bindings, denied (us/call)`]: measure(attrs('user8', ['team8'], 'delete')),
  };
}

if (import.meta.main) {
  for (const [figure, value] of Object.entries(benchAuthz())) console.log(`${figure}: ${value.toFixed(2)}`);
}
