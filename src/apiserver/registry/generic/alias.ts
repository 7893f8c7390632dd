// Groups kubectl's built-in commands call by their Kubernetes names without asking discovery
// (`auth whoami`, `auth can-i`, `create role`). A declaration is served a second time under the
// Kubernetes name: same store, same strategy, apiVersion answered as the client asked, left out
// of discovery and OpenAPI. Authorization treats both names as the orch.io group.
import type { ResourceDeclaration } from '../resource.ts';

/** orch.io group -> the Kubernetes name clients hard-code. */
export const WIRE_ALIAS_GROUPS: Readonly<Record<string, string>> = {
  'authentication.orch.io': 'authentication.k8s.io',
  'authorization.orch.io': 'authorization.k8s.io',
  'rbac.authorization.orch.io': 'rbac.authorization.k8s.io',
};

const CANONICAL = new Map(Object.entries(WIRE_ALIAS_GROUPS).map(([orch, k8s]) => [k8s, orch]));

/** The orch.io group a request's group stands for (the group itself when it is no alias). */
export function canonicalGroup(group: string): string {
  return CANONICAL.get(group) ?? group;
}

/** The declaration and, when its group has a Kubernetes name, its hidden alias. */
export function withWireAlias<D extends ResourceDeclaration<any, any>>(decl: D): D[] {
  const alias = WIRE_ALIAS_GROUPS[decl.group];
  return alias ? [decl, { ...decl, group: alias, hiddenFromDiscovery: true }] : [decl];
}
