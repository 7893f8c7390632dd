// CEL message construction for the types Kubernetes expressions build (`Object{...}`,
// `Object.spec.template{...}`, `JSONPatch{...}`): the CEL library this server uses has no message
// types, so such literals are rewritten to map literals with quoted field names before parsing.
// The rewrite only touches code outside string literals.

const MESSAGE_ROOTS = new Set(['Object', 'JSONPatch']);

type Frame = 'message' | 'map' | '(' | '[';

function isIdentStart(c: string): boolean {
  return /[A-Za-z_]/.test(c);
}

function isIdentPart(c: string): boolean {
  return /[A-Za-z0-9_]/.test(c);
}

/** The index just past the string literal starting at `start` (after any r/b prefixes). */
function skipString(src: string, start: number, raw: boolean): number {
  const quote = src[start]!;
  const triple = src.startsWith(quote.repeat(3), start);
  const close = triple ? quote.repeat(3) : quote;
  let i = start + close.length;
  while (i < src.length) {
    if (!raw && src[i] === '\\') {
      i += 2;
      continue;
    }
    if (src.startsWith(close, i)) return i + close.length;
    if (!triple && src[i] === '\n') return i;
    i++;
  }
  return i;
}

export function rewriteMessageLiterals(src: string): string {
  if (!/\b(Object|JSONPatch)\b/.test(src)) return src;
  let out = '';
  const stack: Frame[] = [];
  let expectField = false;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      out += c;
      i++;
      continue;
    }
    // String literals, with optional r/R/b/B prefixes.
    const prefix = /^[rRbB]{0,2}["']/.exec(src.slice(i, i + 3));
    if (prefix && (i === 0 || !isIdentPart(src[i - 1]!))) {
      const q = i + prefix[0].length - 1;
      const end = skipString(src, q, /[rR]/.test(prefix[0]));
      out += src.slice(i, end);
      i = end;
      expectField = false;
      continue;
    }
    if (isIdentStart(c)) {
      let j = i;
      while (j < src.length && isIdentPart(src[j]!)) j++;
      const word = src.slice(i, j);
      if (expectField && stack.at(-1) === 'message') {
        out += JSON.stringify(word);
        i = j;
        expectField = false;
        continue;
      }
      // A dotted type name followed by `{` starts a message literal.
      let k = j;
      while (src[k] === '.' && isIdentStart(src[k + 1] ?? '')) {
        k++;
        while (k < src.length && isIdentPart(src[k]!)) k++;
      }
      let m = k;
      while (/\s/.test(src[m] ?? '')) m++;
      const prev = out.trimEnd().at(-1);
      if (MESSAGE_ROOTS.has(word) && src[m] === '{' && prev !== '.') {
        out += '{';
        stack.push('message');
        expectField = true;
        i = m + 1;
        continue;
      }
      out += word;
      i = j;
      expectField = false;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') stack.push(c === '{' ? 'map' : c);
    else if (c === '}' || c === ')' || c === ']') stack.pop();
    out += c;
    i++;
    expectField = c === ',' && stack.at(-1) === 'message';
  }
  return out;
}
