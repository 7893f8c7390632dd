// Mode RBAC: allow when a rule bound to the user (or one of its groups) covers the request;
// otherwise no opinion, with "RBAC: <errors>" as the reason when a binding names a missing role,
// as Kubernetes words it.
import type { Authorizer, AuthorizerResult } from '../../../machinery/authorization/types.ts';
import type { RbacPolicyIndex } from './policy-index.ts';
import { ruleAllows } from './rule-matching.ts';

export interface RbacAuthorizerOptions {
  index: RbacPolicyIndex;
  /** Resolves once the index holds the stored policy; requests wait for it. */
  synced?: Promise<void>;
}

function aggregate(errors: string[]): string {
  return errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
}

export function rbacAuthorizer(opts: RbacAuthorizerOptions): Authorizer {
  let ready = opts.synced === undefined;
  void opts.synced?.then(() => (ready = true));
  const decide = (attrs: Parameters<Authorizer['authorize']>[0]): AuthorizerResult => {
    const errors: string[] = [];
    let allowedBy = '';
    opts.index.visitRulesFor(attrs.user, attrs.namespace, (source, rule, err) => {
      if (err) errors.push(err);
      if (source && rule && ruleAllows(attrs, rule)) {
        const b = source.binding;
        const where = source.bindingKind === 'RoleBinding' ? `RoleBinding "${b.metadata.name}/${b.metadata.namespace}"` : `ClusterRoleBinding ${JSON.stringify(b.metadata.name)}`;
        allowedBy = `RBAC: allowed by ${where} of ${b.roleRef.kind} ${JSON.stringify(b.roleRef.name)} to ${source.subject}`;
        return true;
      }
      return false;
    });
    if (allowedBy) return { decision: 'allow', reason: allowedBy };
    return { decision: 'noOpinion', reason: errors.length ? `RBAC: ${aggregate(errors)}` : '' };
  };
  return {
    authorize(attrs) {
      if (ready) return decide(attrs);
      return opts.synced!.then(() => decide(attrs));
    },
  };
}
