// Storage key layout, as Kubernetes lays keys out in etcd: /registry/<resource>/<namespace>/<name>
// for the core group and /registry/<group>/<resource>/... for other groups. Events of both groups
// share the core events prefix, as Kubernetes stores events.k8s.io events under core events.
export interface GroupResourceName {
  group: string;
  resource: string;
}

const SHARED_PREFIXES: Record<string, string> = {
  'events.orch.io/events': 'events',
};

function resourcePath(gr: GroupResourceName): string {
  const shared = SHARED_PREFIXES[`${gr.group}/${gr.resource}`];
  if (shared !== undefined) return shared;
  return gr.group === '' ? gr.resource : `${gr.group}/${gr.resource}`;
}

function root(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '');
  return trimmed.startsWith('/') || trimmed === '' ? trimmed : `/${trimmed}`;
}

/**
 * The prefix under which a resource's objects live, ending in "/": the whole resource, or one
 * namespace of it when namespace is given (non-empty).
 */
export function storagePrefix(prefix: string, gr: GroupResourceName, namespace?: string): string {
  const base = `${root(prefix)}/${resourcePath(gr)}/`;
  return namespace ? `${base}${namespace}/` : base;
}

/** The key of one object; namespace "" for cluster-scoped resources. */
export function storageKey(prefix: string, gr: GroupResourceName, namespace: string, name: string): string {
  if (!name) throw new Error('a storage key needs a name');
  return `${storagePrefix(prefix, gr, namespace)}${name}`;
}
