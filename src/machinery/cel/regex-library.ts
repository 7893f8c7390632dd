// Regular expressions in CEL as Kubernetes evaluates them: RE2 syntax with time linear in the
// input. The engine's own `matches` uses JavaScript's backtracking RegExp, under which a rule such
// as `self.matches('^(a+)+$')` could hold the server for hours on a short string; so calls of
// `matches` are rewritten (outside string literals) to `re2Matches`, served by re2js, and the
// Kubernetes regex library's `find` and `findAll` are added over the same engine.
import type { Environment } from '@marcbachmann/cel-js';
import type { RE2JS } from 're2js';
import { re2js } from '../lazy/re2js.ts';

const compiled = new Map<string, RE2JS>();

function re2(pattern: string): RE2JS {
  let re = compiled.get(pattern);
  if (!re) {
    re = re2js().RE2JS.compile(pattern);
    if (compiled.size > 1000) compiled.clear();
    compiled.set(pattern, re);
  }
  return re;
}

function findAll(s: string, pattern: string, limit: number): string[] {
  const out: string[] = [];
  if (limit === 0) return out;
  const m = re2(pattern).matcher(s);
  while (m.find()) {
    out.push(m.group() ?? '');
    if (limit > 0 && out.length >= limit) break;
  }
  return out;
}

export function registerRegexLibrary(env: Environment): void {
  env
    .registerFunction({ name: 're2Matches', receiverType: 'string', returnType: 'bool', params: [{ name: 're', type: 'string' }], handler: (s: string, re: string) => re2(re).test(s) })
    .registerFunction({ name: 're2Matches', returnType: 'bool', params: [{ name: 's', type: 'string' }, { name: 're', type: 'string' }], handler: (s: string, re: string) => re2(re).test(s) })
    .registerFunction({ name: 'find', receiverType: 'string', returnType: 'string', params: [{ name: 're', type: 'string' }], handler: (s: string, re: string) => findAll(s, re, 1)[0] ?? '' })
    .registerFunction({ name: 'findAll', receiverType: 'string', returnType: 'list<string>', params: [{ name: 're', type: 'string' }], handler: (s: string, re: string) => findAll(s, re, -1) })
    .registerFunction({
      name: 'findAll',
      receiverType: 'string',
      returnType: 'list<string>',
      params: [{ name: 're', type: 'string' }, { name: 'n', type: 'int' }],
      handler: (s: string, re: string, n: bigint) => findAll(s, re, Number(n)),
    });
}

function isIdentPart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_]/.test(c);
}

/** `src` with every call of `matches` (method or function) calling re2Matches instead; string literals untouched. */
export function rewriteRegexCalls(src: string): string {
  if (!src.includes('matches')) return src;
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const prefix = /^[rRbB]{0,2}["']/.exec(src.slice(i, i + 3));
    if (prefix && !isIdentPart(src[i - 1])) {
      const quote = src[i + prefix[0].length - 1]!;
      const raw = /[rR]/.test(prefix[0]);
      const triple = src.startsWith(quote.repeat(3), i + prefix[0].length - 1);
      const close = triple ? quote.repeat(3) : quote;
      let j = i + prefix[0].length - 1 + close.length;
      while (j < src.length && !src.startsWith(close, j)) j += !raw && src[j] === '\\' ? 2 : 1;
      j = Math.min(src.length, j + close.length);
      out += src.slice(i, j);
      i = j;
      continue;
    }
    if (src.startsWith('matches', i) && !isIdentPart(src[i - 1]) && !isIdentPart(src[i + 7])) {
      let k = i + 7;
      while (/\s/.test(src[k] ?? '')) k++;
      if (src[k] === '(') {
        out += 're2Matches';
        i += 7;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out;
}
