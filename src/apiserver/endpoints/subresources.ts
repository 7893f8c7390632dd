// A subresource (status, finalize) is served as its parent resource with the subresource's own
// strategy and verbs; admission sees the subresource name.
import type { InstalledResource } from '../registry/generic/context.ts';
import { viewResource } from '../registry/generic/view-resource.ts';

const derived = new WeakMap<InstalledResource<any, any>, Map<string, InstalledResource<any, any>>>();

/** The installed form of `parent`'s subresource, or undefined when it has no such subresource. */
export function subresourceOf(parent: InstalledResource<any, any>, name: string): InstalledResource<any, any> | undefined {
  const subresources = parent.declaration.subresources;
  // The name comes from the path: "constructor" or "toString" must not find an inherited member.
  if (!subresources || !Object.hasOwn(subresources, name)) return undefined;
  const sub = subresources[name]!;
  let byName = derived.get(parent);
  if (!byName) derived.set(parent, (byName = new Map()));
  let out = byName.get(name);
  if (!out) {
    out = sub.view
      ? viewResource(parent, name, sub.view, sub.verbs)
      : { ...parent, subresource: name, declaration: { ...parent.declaration, strategy: sub.strategy, verbs: sub.verbs } };
    byName.set(name, out);
  }
  return out;
}
