// Path elements as the fieldsV1 format writes them: `f:<field>` for a struct field or map key,
// `k:{"uid":"u1"}` for an associative list item by its keys, `v:<json>` for a set item and
// `i:<n>` for a list index.

import { keyValue } from '../schema/merge-schema.ts';

export type PathElement = string;
export type FieldPath = PathElement[];

export function fieldElement(name: string): PathElement {
  return `f:${name}`;
}

/** The item of an associative list, named by its key fields in sorted order. */
export function keyElement(item: Record<string, unknown>, keys: readonly string[], defaults?: Readonly<Record<string, unknown>>): PathElement {
  const named: Record<string, unknown> = {};
  for (const k of [...keys].sort()) named[k] = keyValue(item, k, defaults);
  return `k:${JSON.stringify(named)}`;
}

export function valueElement(value: unknown): PathElement {
  return `v:${JSON.stringify(value)}`;
}

export function indexElement(i: number): PathElement {
  return `i:${i}`;
}

const typeRank: Record<string, number> = { f: 0, k: 1, v: 2, i: 3 };

/** The order Kubernetes sorts path elements in: fields, then keys, values, indexes. */
export function compareElements(a: PathElement, b: PathElement): number {
  const ra = typeRank[a[0]!] ?? 4;
  const rb = typeRank[b[0]!] ?? 4;
  if (ra !== rb) return ra - rb;
  if (a[0] === 'i') return Number(a.slice(2)) - Number(b.slice(2));
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A path as Kubernetes prints it in conflicts: `.metadata.labels.app`, `.metadata.ownerReferences[uid="u1"]`. */
export function pathToString(path: FieldPath): string {
  return path.map(elementToString).join('');
}

function elementToString(e: PathElement): string {
  const body = e.slice(2);
  switch (e[0]) {
    case 'f':
      return `.${body}`;
    case 'k': {
      const fields = JSON.parse(body) as Record<string, unknown>;
      return `[${Object.entries(fields)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(',')}]`;
    }
    case 'v':
      return `[=${body}]`;
    case 'i':
      return `[${body}]`;
    default:
      return e;
  }
}

/** True when the string is a well-formed path element. */
export function isPathElement(e: string): boolean {
  if (e.length < 2 || e[1] !== ':') return false;
  const body = e.slice(2);
  switch (e[0]) {
    case 'f':
      return true;
    case 'k':
    case 'v':
      try {
        const parsed: unknown = JSON.parse(body);
        return e[0] === 'v' || (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed));
      } catch {
        return false;
      }
    case 'i':
      return /^\d+$/.test(body);
    default:
      return false;
  }
}
