// Authorization of the controller manager's HTTPS paths. Delegated authorization
// (SubjectAccessReview through --authorization-kubeconfig) is not available yet, so as in
// Kubernetes without an authorization configuration, only --authorization-always-allow-paths are
// allowed; everything else is forbidden to the (anonymous) requester.

/** Whether a path is on the always-allow list; a trailing `*` matches a prefix, as Kubernetes allows. */
export function isAlwaysAllowed(path: string, allowed: readonly string[]): boolean {
  return allowed.some((p) => (p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p));
}

/** Kubernetes' wording for a non-resource request nobody authorized. */
export function forbiddenPathMessage(user: string, method: string, path: string): string {
  return `forbidden: User ${JSON.stringify(user)} cannot ${method.toLowerCase()} path ${JSON.stringify(path)}`;
}
