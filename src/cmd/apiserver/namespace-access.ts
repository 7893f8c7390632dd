// What the namespace admission plugins learn about namespaces. While this server serves no
// Namespace resource, every namespace counts as existing and active, so objects may be written in
// any namespace (as on a server whose namespaces were all created up front).
import type { NamespaceAccess } from '../../apiserver/admission/namespace-access.ts';

export const IMPLICIT_NAMESPACES: NamespaceAccess = {
  get: async (name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, status: { phase: 'Active' } }),
  create: async () => {},
};
