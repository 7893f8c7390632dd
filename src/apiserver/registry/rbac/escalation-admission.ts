// Escalation prevention on RBAC writes, as Kubernetes' RBAC storage does it: a role may only
// grant what its writer holds, unless the writer may `escalate` it; a binding may only grant its
// role's rules to others when the writer holds them, unless the writer may `bind` that role.
// system:masters is exempt. A refusal is 403 Forbidden naming the object.
import type { PolicyRule, Role, RoleBinding } from '../../../api/rbac/v1/types.ts';
import { GROUP } from '../../../api/rbac/v1/types.ts';
import { forbidden, notFound } from '../../../machinery/status.ts';
import { MASTERS_GROUP } from '../../../component-base/authentication/types.ts';
import type { AdmissionAttributes } from '../../admission/types.ts';
import type { Authorizer } from '../../../machinery/authorization/types.ts';
import type { RbacPolicyIndex } from '../../authorization/rbac/policy-index.ts';
import { escalationMessage } from '../../authorization/rbac/escalation.ts';
import { deepEqual } from '../../../machinery/validation/immutable.ts';

export interface EscalationCheckDeps {
  index: RbacPolicyIndex;
  /** The server's authorizer, once built (asked about escalate and bind). */
  authorizer: () => Authorizer | undefined;
}

async function allowed(deps: EscalationCheckDeps, attrs: AdmissionAttributes, verb: string, resource: string, name: string): Promise<boolean> {
  const authorizer = deps.authorizer();
  if (!authorizer || !attrs.userInfo) return false;
  const result = await authorizer.authorize({
    user: attrs.userInfo,
    verb,
    isResourceRequest: true,
    path: '',
    namespace: attrs.namespace,
    apiGroup: GROUP,
    apiVersion: 'v1',
    resource,
    subresource: '',
    name,
  });
  return result.decision === 'allow';
}

function refuse(attrs: AdmissionAttributes, message: string) {
  return forbidden({ group: GROUP, resource: attrs.resource.resource }, attrs.name, message);
}

function confirmNoEscalation(deps: EscalationCheckDeps, attrs: AdmissionAttributes, rules: PolicyRule[], extraErrors: string[] = []): void {
  const user = attrs.userInfo!;
  const owned = deps.index.rulesFor(user, attrs.namespace);
  const msg = escalationMessage(user, owned.rules, rules, [...owned.errors, ...extraErrors]);
  if (msg) throw refuse(attrs, msg);
}

export async function checkEscalation(deps: EscalationCheckDeps, attrs: AdmissionAttributes): Promise<void> {
  if (attrs.operation !== 'CREATE' && attrs.operation !== 'UPDATE') return;
  const user = attrs.userInfo;
  if (!user || user.groups.includes(MASTERS_GROUP)) return;
  const kind = attrs.kind.kind;
  if (kind === 'Role' || kind === 'ClusterRole') {
    const role = attrs.object as Role;
    const old = attrs.oldObject as Role | undefined;
    if (old && deepEqual(old.rules ?? [], role.rules ?? [])) return;
    if (await allowed(deps, attrs, 'escalate', attrs.resource.resource, attrs.name)) return;
    confirmNoEscalation(deps, attrs, role.rules ?? []);
    return;
  }
  if (kind === 'RoleBinding' || kind === 'ClusterRoleBinding') {
    const binding = attrs.object as RoleBinding;
    const old = attrs.oldObject as RoleBinding | undefined;
    if (old && deepEqual(old.subjects ?? [], binding.subjects ?? []) && deepEqual(old.roleRef, binding.roleRef)) return;
    const ref = binding.roleRef;
    const refResource = ref.kind === 'ClusterRole' ? 'clusterroles' : 'roles';
    if (await allowed(deps, attrs, 'bind', refResource, ref.name)) return;
    const { rules, err } = deps.index.roleRefRules(ref, attrs.namespace);
    // A missing role is reported as Kubernetes' rule resolver reports it: not found.
    if (err) throw notFound({ group: GROUP, resource: ref.kind === 'ClusterRole' ? 'clusterrole' : 'role' }, ref.name);
    confirmNoEscalation(deps, attrs, rules);
  }
}
