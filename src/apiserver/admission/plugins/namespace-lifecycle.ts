// NamespaceLifecycle: no new content in a missing or terminating namespace, and the namespaces
// the system relies on may not be deleted.
import { notFound } from '../../../machinery/status.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.ts';
import type { NamespaceAccess, NamespaceObject } from '../namespace-access.ts';
import { admissionForbidden, isNamespaceKind } from '../forbidden.ts';
import { NAMESPACES } from './namespace-exists.ts';

/** Namespaces that may never be deleted (Kubernetes: default, kube-system, kube-public). */
export const IMMORTAL_NAMESPACES: readonly string[] = ['default', 'orch-system', 'orch-public'];

/**
 * After a namespace is deleted, its look-ups skip the cache for this long, so that content is
 * refused as soon as the namespace is Terminating even if the cache has not caught up (the TTL
 * Kubernetes' plugin uses).
 */
const FORCE_LIVE_LOOKUP_MS = 30_000;

/** Reviews are answered, never stored, so they may name any namespace (as upstream exempts them). */
const ACCESS_REVIEW_RESOURCES = new Set(['localsubjectaccessreviews', 'subjectaccessreviews', 'selfsubjectaccessreviews', 'selfsubjectrulesreviews']);

function isAccessReview(attrs: AdmissionAttributes): boolean {
  const g = attrs.resource.group;
  return (g === 'authorization.orch.io' || g === 'authorization.k8s.io') && ACCESS_REVIEW_RESOURCES.has(attrs.resource.resource);
}

export function namespaceLifecycle(namespaces: NamespaceAccess, immortal: readonly string[] = IMMORTAL_NAMESPACES): AdmissionPlugin {
  const undeletable = new Set(immortal);
  const liveLookupUntil = new Map<string, number>();
  const lookUp = (name: string) => {
    const until = liveLookupUntil.get(name);
    if (until === undefined) return namespaces.cached(name);
    if (until > Date.now()) return namespaces.get(name);
    liveLookupUntil.delete(name);
    return namespaces.cached(name);
  };
  return {
    name: 'NamespaceLifecycle',
    handles: (op) => op === 'CREATE' || op === 'UPDATE' || op === 'DELETE',
    validate(attrs) {
      if (attrs.operation === 'DELETE' && isNamespaceKind(attrs)) {
        if (undeletable.has(attrs.name)) throw admissionForbidden(attrs, 'this namespace may not be deleted');
        liveLookupUntil.set(attrs.name, Date.now() + FORCE_LIVE_LOOKUP_MS);
      }
      if (!attrs.namespace || isNamespaceKind(attrs) || isAccessReview(attrs)) return undefined;
      // A namespace held in memory is checked at once; only a store look-up is waited for.
      const ns = lookUp(attrs.namespace);
      return ns instanceof Promise ? ns.then((found) => admitInto(attrs, found)) : admitInto(attrs, ns);
    },
  };
}

/** Refuses content for a namespace that does not exist, and new content for one being terminated. */
function admitInto(attrs: AdmissionAttributes, ns: NamespaceObject | undefined): void {
  if (!ns) throw notFound(NAMESPACES, attrs.namespace);
  if (attrs.operation !== 'CREATE' || ns.status?.phase !== 'Terminating') return;
  const err = admissionForbidden(attrs, `unable to create new content in namespace ${attrs.namespace} because it is being terminated`);
  const details = (err.status.details ??= {});
  (details.causes ??= []).push({
    reason: 'NamespaceTerminating',
    message: `namespace ${attrs.namespace} is being terminated`,
    field: 'metadata.namespace',
  });
  throw err;
}
