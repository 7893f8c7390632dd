// Schema patterns are compiled by Kubernetes with Go's regexp (RE2 syntax). This turns an RE2
// pattern into a JavaScript RegExp with the same meaning for what both share, and reports what
// RE2 refuses (look-around, back-references) with Go's error wording, so a pattern that
// Kubernetes rejects is rejected here too.
import { re2js } from '../lazy/re2js.ts';

/** A compiled pattern: matching takes time linear in the input, as Go's RE2 does. */
export type CompiledPattern = { ok: true; regexp: { test(input: string): boolean } } | { ok: false; error: string };

const POSIX_CLASSES: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

function goError(code: string, expr: string): string {
  return `error parsing regexp: ${code}: \`${expr}\``;
}

/** Rewrites RE2-only syntax into JavaScript syntax; undefined with an error when RE2 refuses it. */
function translate(src: string): { out: string; flags: string } | { error: string } {
  let out = '';
  let flags = '';
  let i = 0;
  // Leading flag groups like (?i) apply to the whole pattern.
  const lead = /^\(\?([imsU]+)\)/.exec(src);
  if (lead) {
    for (const f of lead[1]!) if (f !== 'U' && !flags.includes(f)) flags += f;
    i = lead[0].length;
  }
  let inClass = false;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      const n = src[i + 1];
      if (n === undefined) return { error: goError('trailing backslash at end of expression', '') };
      if (!inClass && /[1-9]/.test(n)) return { error: goError('invalid escape sequence', `\\${n}`) };
      if (n === 'A' && !inClass) out += '^';
      else if (n === 'z' && !inClass) out += '$(?![\\s\\S])';
      else if (n === 'Q') {
        const end = src.indexOf('\\E', i + 2);
        const lit = end < 0 ? src.slice(i + 2) : src.slice(i + 2, end);
        out += lit.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
        i = end < 0 ? src.length : end + 2;
        continue;
      } else if ((n === 'p' || n === 'P') && src[i + 2] !== '{') {
        // \pL is RE2's one-letter form of \p{L}.
        out += `\\${n}{${src[i + 2] ?? ''}}`;
        i += 3;
        continue;
      } else if (n === 'C') out += '[\\s\\S]';
      else out += `\\${n}`;
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === '[' && src[i + 1] === ':') {
        const m = /^\[:(\^?)([a-z]+):\]/.exec(src.slice(i));
        if (m && POSIX_CLASSES[m[2]!]) {
          if (m[1]) return { error: goError('invalid character class range', m[0]) };
          out += POSIX_CLASSES[m[2]!];
          i += m[0].length;
          continue;
        }
      }
      if (c === ']') inClass = false;
      out += c === '[' ? '\\[' : c;
      i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      i++;
      if (src[i] === '^') out += src[i++];
      if (src[i] === ']') (out += '\\]'), i++;
      continue;
    }
    if (c === '(' && src[i + 1] === '?') {
      const rest = src.slice(i);
      if (/^\(\?(=|!|<=|<!)/.test(rest)) return { error: goError('invalid or unsupported Perl syntax', rest.slice(0, rest[2] === '<' ? 4 : 3)) };
      const named = /^\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
      if (named) {
        out += `(?<${named[1]}>`;
        i += named[0].length;
        continue;
      }
      const mods = /^\(\?([imsU-]*)(:|\))/.exec(rest);
      if (mods) {
        if (mods[2] === ')') return { error: goError('invalid or unsupported Perl syntax', mods[0]) };
        const m = mods[1]!.replace(/U/g, '');
        out += m ? `(?${m}:` : '(?:';
        i += mods[0].length;
        continue;
      }
      return { error: goError('invalid or unsupported Perl syntax', rest.slice(0, 3)) };
    }
    out += c;
    i++;
  }
  return { out, flags };
}

const cache = new Map<string, CompiledPattern>();

/** Compiles a schema pattern as Go's regexp would accept it (cached). */
export function compileGoPattern(pattern: string): CompiledPattern {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let result: CompiledPattern;
  const t = translate(pattern);
  if ('error' in t) result = { ok: false, error: t.error };
  else {
    // The translation gives Go's wording for what Go refuses; matching is RE2's own (re2js), so a
    // pattern such as ^(a+)+$ cannot make a request take exponential time, as JavaScript's
    // backtracking engine would.
    try {
      result = { ok: true, regexp: re2js().RE2JS.compile(pattern) };
    } catch (err) {
      result = { ok: false, error: (err as Error).message.startsWith('error parsing regexp') ? (err as Error).message : `error parsing regexp: ${(err as Error).message}` };
    }
  }
  if (cache.size > 5000) cache.clear();
  cache.set(pattern, result);
  return result;
}
