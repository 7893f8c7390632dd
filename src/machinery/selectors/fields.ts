// Field selectors parsed as Kubernetes parses them (k8s.io/apimachinery/pkg/fields):
// `a=b`, `a==b`, `a!=b`, comma-joined, with `\`, `,` and `=` escaped by a backslash in values.
// Fields a resource does not support are refused as the apiserver refuses them:
// 400 BadRequest `field label not supported: <name>`.

import { badRequest } from '../status.ts';

export type FieldOperator = '=' | '!=';

export interface FieldTerm {
  readonly field: string;
  readonly operator: FieldOperator;
  readonly value: string;
}

export interface FieldSelector {
  /** Sorted as upstream sorts them. */
  readonly terms: readonly FieldTerm[];
  matches(fields: Record<string, string>): boolean;
  empty(): boolean;
  toString(): string;
  /** The value a field must equal (a `field=value` term), or undefined: for indexed fast paths. */
  requiresExactMatch(field: string): string | undefined;
}

class SelectorSyntaxError extends Error {}

/** Splits on commas not escaped by a backslash. */
function splitTerms(selector: string): string[] {
  if (selector.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

const termOperators = ['!=', '==', '='] as const;

/** The first operator in the term splits it; the left side is taken as is. */
function splitTerm(term: string): { lhs: string; op: (typeof termOperators)[number]; rhs: string } | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of termOperators) {
      if (term.startsWith(op, i)) return { lhs: term.slice(0, i), op, rhs: term.slice(i + op.length) };
    }
  }
  return undefined;
}

/** Undoes `\\`, `\,` and `\=`; any other escape or a bare `,`/`=` is an error, as upstream. */
export function unescapeFieldValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c === '\\' || c === ',' || c === '=') out += c;
      else throw new SelectorSyntaxError(`invalid field selector: invalid escape sequence: \\${c}`);
      inSlash = false;
      continue;
    }
    if (c === '\\') inSlash = true;
    else if (c === ',' || c === '=') throw new SelectorSyntaxError(`invalid field selector: unescaped character ${c}`);
    else out += c;
  }
  if (inSlash) throw new SelectorSyntaxError('invalid field selector: invalid escape sequence: \\');
  return out;
}

export function escapeFieldValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** Parses without checking field names (the syntax only). Throws a 400 on bad syntax. */
export function parseFieldSelectorSyntax(selector: string): FieldTerm[] {
  const parts = splitTerms(selector).sort();
  const terms: FieldTerm[] = [];
  try {
    for (const part of parts) {
      if (part === '') continue;
      const split = splitTerm(part);
      if (!split) throw new SelectorSyntaxError(`invalid selector: '${selector}'; can't understand '${part}'`);
      const value = unescapeFieldValue(split.rhs);
      terms.push({ field: split.lhs, operator: split.op === '!=' ? '!=' : '=', value });
    }
  } catch (err) {
    if (err instanceof SelectorSyntaxError) throw badRequest(err.message);
    throw err;
  }
  return terms;
}

export function fieldSelectorFromTerms(terms: readonly FieldTerm[]): FieldSelector {
  const list = [...terms];
  return {
    terms: list,
    matches: (fields) =>
      list.every((t) => {
        const actual = fields[t.field] ?? '';
        return t.operator === '=' ? actual === t.value : actual !== t.value;
      }),
    empty: () => list.length === 0,
    toString: () => list.map((t) => `${t.field}${t.operator}${escapeFieldValue(t.value)}`).join(','),
    requiresExactMatch(field) {
      return list.find((t) => t.field === field && t.operator === '=')?.value;
    },
  };
}

/**
 * Parses a `fieldSelector` query value for a resource that supports the fields in `allowed`.
 * `resourceDescription` (e.g. `events.events.orch.io`) is for callers' logs; Kubernetes' message
 * does not name the resource, so neither does ours.
 */
export function parseFieldSelector(s: string, allowed: ReadonlySet<string>, resourceDescription = ''): FieldSelector {
  void resourceDescription;
  const terms = parseFieldSelectorSyntax(s);
  for (const t of terms) {
    if (!allowed.has(t.field)) throw badRequest(`field label not supported: ${t.field}`);
  }
  return fieldSelectorFromTerms(terms);
}

/** The fields every object supports: metadata.name, and metadata.namespace when namespaced. */
export function objectMetaFieldSet(meta: { name?: string; namespace?: string }, namespaced: boolean): Record<string, string> {
  const set: Record<string, string> = { 'metadata.name': meta.name ?? '' };
  if (namespaced) set['metadata.namespace'] = meta.namespace ?? '';
  return set;
}
