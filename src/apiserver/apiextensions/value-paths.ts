// Reading and writing the simple dotted paths a CustomResourceDefinition's scale subresource
// names (`.spec.replicas`, `.status.selector`) in a custom resource.

function segments(path: string): string[] {
  return path.split('.').filter(Boolean);
}

function read(obj: unknown, path: string): unknown {
  let at = obj;
  for (const name of segments(path)) {
    if (typeof at !== 'object' || at === null || Array.isArray(at) || !Object.hasOwn(at, name)) return undefined;
    at = (at as Record<string, unknown>)[name];
  }
  return at;
}

/** The integer at `path`, 0 when absent or not a number (as Kubernetes' scale reads it). */
export function replicasAt(obj: unknown, path: string): number {
  const v = read(obj, path);
  return typeof v === 'number' && Number.isInteger(v) ? v : 0;
}

/** The string at `path`, '' when absent. */
export function stringAt(obj: unknown, path: string): string {
  const v = read(obj, path);
  return typeof v === 'string' ? v : '';
}

/** `obj` (changed in place) with `replicas` at `path`, the objects on the way created. */
export function setReplicasAt<T extends object>(obj: T, path: string, replicas: number): T {
  const names = segments(path);
  let at = obj as Record<string, unknown>;
  for (const name of names.slice(0, -1)) {
    const next = at[name];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) at[name] = {};
    at = at[name] as Record<string, unknown>;
  }
  at[names[names.length - 1]!] = replicas;
  return obj;
}
