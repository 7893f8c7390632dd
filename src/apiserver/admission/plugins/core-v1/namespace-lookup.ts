// A namespace as the pod plugins read it: from the cache, and from storage when the cache does
// not hold it yet (a namespace created a moment ago).
import type { NamespaceAccess, NamespaceObject } from '../../namespace-access.ts';

export async function lookUpNamespace(namespaces: NamespaceAccess, name: string): Promise<NamespaceObject | undefined> {
  return (await namespaces.cached(name)) ?? (await namespaces.get(name));
}
