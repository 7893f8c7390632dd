// The RBAC objects in memory, indexed by subject so that a decision touches only the bindings
// that name the requesting user or one of its groups, however many bindings exist. Kept current
// by the store watchers in policy-sync.ts; every method here is synchronous.
import type { ClusterRole, PolicyRule, Role, RoleBinding } from '../../../api/rbac/v1/types.ts';
import type { UserInfo } from '../../../component-base/serving/request-context.ts';
import { describeSubject, subjectKey, userKeys } from './subjects.ts';

export type RbacKind = 'Role' | 'ClusterRole' | 'RoleBinding' | 'ClusterRoleBinding';

/** Where a rule came from, for the allow reason and the rules review. */
export interface RuleSource {
  binding: RoleBinding;
  bindingKind: 'RoleBinding' | 'ClusterRoleBinding';
  subject: string;
}

/** Returns true to stop visiting. */
export type RuleVisitor = (source: RuleSource | undefined, rule: PolicyRule | undefined, err: string | undefined) => boolean;

const RBAC_GROUP = 'rbac.authorization.orch.io';

function objectId(namespace: string | undefined, name: string | undefined): string {
  return `${namespace ?? ''}/${name ?? ''}`;
}

/** Bindings grouped by the subject keys they name. */
class SubjectIndex {
  readonly #byKey = new Map<string, Map<string, RoleBinding>>();
  readonly #keysOf = new Map<string, string[]>();

  set(id: string, binding: RoleBinding): void {
    this.delete(id);
    const ns = binding.metadata.namespace ?? '';
    const keys = [...new Set((binding.subjects ?? []).map((s) => subjectKey(s, ns)).filter((k): k is string => k !== undefined))];
    for (const key of keys) {
      let set = this.#byKey.get(key);
      if (!set) this.#byKey.set(key, (set = new Map()));
      set.set(id, binding);
    }
    this.#keysOf.set(id, keys);
  }

  delete(id: string): void {
    for (const key of this.#keysOf.get(id) ?? []) {
      const set = this.#byKey.get(key);
      set?.delete(id);
      if (set && set.size === 0) this.#byKey.delete(key);
    }
    this.#keysOf.delete(id);
  }

  /** Bindings reaching any of the keys, each once. */
  find(keys: readonly string[]): RoleBinding[] {
    const seen = new Set<RoleBinding>();
    for (const key of keys) for (const b of this.#byKey.get(key)?.values() ?? []) seen.add(b);
    return [...seen];
  }

  clear(): void {
    this.#byKey.clear();
    this.#keysOf.clear();
  }

  get size(): number {
    return this.#keysOf.size;
  }
}

export class RbacPolicyIndex {
  readonly roles = new Map<string, Role>();
  readonly clusterRoles = new Map<string, ClusterRole>();
  readonly #clusterBindings = new SubjectIndex();
  readonly #roleBindings = new Map<string, SubjectIndex>();

  /** Adds or replaces an object (ADDED and MODIFIED). */
  set(kind: RbacKind, obj: Role | RoleBinding): void {
    const { namespace, name } = obj.metadata;
    switch (kind) {
      case 'Role':
        this.roles.set(objectId(namespace, name), obj as Role);
        break;
      case 'ClusterRole':
        this.clusterRoles.set(name ?? '', obj as ClusterRole);
        break;
      case 'ClusterRoleBinding':
        this.#clusterBindings.set(name ?? '', obj as RoleBinding);
        break;
      case 'RoleBinding': {
        let idx = this.#roleBindings.get(namespace ?? '');
        if (!idx) this.#roleBindings.set(namespace ?? '', (idx = new SubjectIndex()));
        idx.set(name ?? '', obj as RoleBinding);
        break;
      }
    }
  }

  delete(kind: RbacKind, obj: Role | RoleBinding): void {
    const { namespace, name } = obj.metadata;
    switch (kind) {
      case 'Role':
        this.roles.delete(objectId(namespace, name));
        break;
      case 'ClusterRole':
        this.clusterRoles.delete(name ?? '');
        break;
      case 'ClusterRoleBinding':
        this.#clusterBindings.delete(name ?? '');
        break;
      case 'RoleBinding': {
        const idx = this.#roleBindings.get(namespace ?? '');
        idx?.delete(name ?? '');
        if (idx && idx.size === 0) this.#roleBindings.delete(namespace ?? '');
        break;
      }
    }
  }

  /** Forgets every object of a kind (before a fresh list replaces them). */
  clear(kind: RbacKind): void {
    if (kind === 'Role') this.roles.clear();
    else if (kind === 'ClusterRole') this.clusterRoles.clear();
    else if (kind === 'ClusterRoleBinding') this.#clusterBindings.clear();
    else this.#roleBindings.clear();
  }

  /**
   * The rules a roleRef names, or the error Kubernetes reports for a missing role
   * (`clusterrole.rbac.authorization.orch.io "x" not found`).
   */
  roleRefRules(roleRef: RoleBinding['roleRef'], namespace: string): { rules: PolicyRule[]; err?: string } {
    if (roleRef.kind === 'ClusterRole') {
      const role = this.clusterRoles.get(roleRef.name);
      return role ? { rules: role.rules ?? [] } : { rules: [], err: `clusterrole.${RBAC_GROUP} ${JSON.stringify(roleRef.name)} not found` };
    }
    if (roleRef.kind === 'Role') {
      const role = this.roles.get(objectId(namespace, roleRef.name));
      return role ? { rules: role.rules ?? [] } : { rules: [], err: `role.${RBAC_GROUP} ${JSON.stringify(roleRef.name)} not found` };
    }
    return { rules: [], err: `unsupported role reference kind: ${JSON.stringify(roleRef.kind)}` };
  }

  /** Visits the rules granted to a user: cluster-wide bindings first, then the namespace's. */
  visitRulesFor(user: UserInfo, namespace: string, visit: RuleVisitor): void {
    const keys = userKeys(user);
    const walk = (bindings: RoleBinding[], bindingKind: RuleSource['bindingKind'], ns: string): boolean => {
      for (const binding of bindings) {
        const { rules, err } = this.roleRefRules(binding.roleRef, ns);
        if (err && visit(undefined, undefined, err)) return true;
        if (!rules.length) continue;
        const subject = (binding.subjects ?? []).find((s) => keys.includes(subjectKey(s, ns) ?? ''));
        const source: RuleSource = { binding, bindingKind, subject: subject ? describeSubject(subject, ns) : '' };
        for (const rule of rules) if (visit(source, rule, undefined)) return true;
      }
      return false;
    };
    if (walk(this.#clusterBindings.find(keys), 'ClusterRoleBinding', '')) return;
    if (namespace) {
      const idx = this.#roleBindings.get(namespace);
      if (idx) walk(idx.find(keys), 'RoleBinding', namespace);
    }
  }

  /** Every rule a user holds in a namespace (cluster-wide ones included), and resolution errors. */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.visitRulesFor(user, namespace, (_s, rule, err) => {
      if (rule) rules.push(rule);
      if (err) errors.push(err);
      return false;
    });
    return { rules, errors };
  }
}
