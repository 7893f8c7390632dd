// The one nesting limit for decoded request bodies (objects and patches, JSON, YAML or protobuf).
// Parsing itself is iterative, but nearly everything after it walks a value recursively: field
// validation, pruning, the patch engines, managed fields, structuredClone, even JSON.stringify.
// A value deeper than this never gets past decoding, so none of those can exhaust the stack.
//
// Kubernetes' Go decoders stop at 10000 levels, which Go's growable stacks survive. Node's stack
// does not: with its default size JSON.stringify fails near 4,400 levels and structuredClone near
// 1,600. 1000 levels sits well inside every walk and far beyond any real object.
import { badRequest, type StatusError } from '../status.ts';

export const MAX_DECODE_DEPTH = 1000;

/**
 * Fails with a 400 when `value` nests objects and arrays more than `max` levels deep (a top-level
 * object is one level), or when it contains itself (a YAML alias inside its own anchor). Walks
 * with an explicit stack, so the check cannot overflow what it guards.
 */
export function checkDecodedDepth(value: unknown, what: string, max = MAX_DECODE_DEPTH): void {
  if (typeof value !== 'object' || value === null) return;
  const pending: Array<{ value: object; depth: number }> = [{ value, depth: 1 }];
  // The containers from the root to the one being visited, to recognise a value inside itself.
  const path: object[] = [];
  const onPath = new Set<object>();
  while (pending.length > 0) {
    const { value: node, depth } = pending.pop()!;
    while (path.length >= depth) onPath.delete(path.pop()!);
    if (onPath.has(node)) throw tooDeep(what, `a value contains itself (a recursive alias)`);
    if (depth > max) throw tooDeep(what, `exceeded max depth of ${max}`);
    path.push(node);
    onPath.add(node);
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth: depth + 1 });
    }
  }
}

function tooDeep(what: string, why: string): StatusError {
  return badRequest(`${what}: ${why}`);
}
