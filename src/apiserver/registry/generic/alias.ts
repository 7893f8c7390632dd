// Kubernetes' names of the orch.io groups. Every built-in group Kubernetes calls `<x>.k8s.io` is
// served a second time under that name (`networking.orch.io` also as `networking.k8s.io`), over
// the same store with the same rules, listed in discovery and OpenAPI beside the orch.io name, so
// that manifests, charts and typed clients written for Kubernetes work unchanged. An object says
// the apiVersion of the path it was read through. The orch.io name stays the primary one:
// authorization, admission and the server's own consumers treat both as the orch.io group, and
// clients that walk discovery (the controller manager) keep only the orch.io name.
import type { ResourceDeclaration } from '../resource.ts';

/** The built-in orch.io groups Kubernetes names `<x>.k8s.io`. */
const ORCH_GROUPS_WITH_KUBERNETES_NAMES: readonly string[] = [
  'admissionregistration',
  'apiextensions',
  'apiregistration',
  'authentication',
  'authorization',
  'certificates',
  'coordination',
  'discovery',
  'events',
  'flowcontrol.apiserver',
  'internal.apiserver',
  'networking',
  'node',
  'rbac.authorization',
  'resource',
  'scheduling',
  'storage',
  'storagemigration',
].map((prefix) => `${prefix}.orch.io`);

const KUBERNETES_NAME = new Map(ORCH_GROUPS_WITH_KUBERNETES_NAMES.map((g) => [g, `${g.slice(0, -'.orch.io'.length)}.k8s.io`]));
const CANONICAL = new Map([...KUBERNETES_NAME].map(([orch, k8s]) => [k8s, orch]));

/** The Kubernetes name of an orch.io group, if Kubernetes has one of the `.k8s.io` form. */
export function kubernetesGroupName(group: string): string | undefined {
  return KUBERNETES_NAME.get(group);
}

/** The orch.io group a request's group stands for (the group itself when it is no Kubernetes name). */
export function canonicalGroup(group: string): string {
  return CANONICAL.get(group) ?? group;
}

/** The declaration served under its group's Kubernetes name, or undefined when the group has none. */
export function underKubernetesName<D extends ResourceDeclaration<any, any>>(decl: D): D | undefined {
  const name = kubernetesGroupName(decl.group);
  // No short names or categories of its own: kubectl would find each twice (an ambiguous `netpol`,
  // a doubled `get all`); the orch.io name keeps them.
  return name ? { ...decl, group: name, aliasOf: decl.group, shortNames: [], categories: [] } : undefined;
}

/** The resources and, after each in a group Kubernetes names differently, the same one under that name. */
export function withKubernetesGroupNames<R extends { declaration: ResourceDeclaration<any, any> }>(resources: readonly R[]): R[] {
  return resources.flatMap((r) => {
    const alias = underKubernetesName(r.declaration);
    return alias ? [r, { ...r, declaration: alias }] : [r];
  });
}
