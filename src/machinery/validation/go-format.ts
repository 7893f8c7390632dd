// Values in Kubernetes messages are printed by Go's fmt; strings go through %q. Matching that
// keeps our messages byte-for-byte equal to the reference server's for ordinary input.

const simpleEscapes: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  '"': '\\"',
};

const nonPrintable = /[\p{C}\p{Z}]/u;

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/** A string quoted as Go's strconv.Quote (and so fmt's %q) quotes it. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const simple = simpleEscapes[ch];
    if (simple) {
      out += simple;
      continue;
    }
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (cp === 0x20 || !nonPrintable.test(ch)) out += ch;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else if (cp <= 0xffff) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return `${out}"`;
}
