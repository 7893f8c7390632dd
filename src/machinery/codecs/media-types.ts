// Media types this server speaks, and parsing of Content-Type and Accept headers.

export const jsonMediaType = 'application/json';
export const yamlMediaType = 'application/yaml';
export const protobufMediaType = 'application/vnd.orch.protobuf';
/** client-go's protobuf media type; accepted as a synonym so existing clients work. */
export const kubernetesProtobufMediaType = 'application/vnd.kubernetes.protobuf';

export type MediaType = typeof jsonMediaType | typeof yamlMediaType | typeof protobufMediaType;

export interface ParsedMediaType {
  type: string;
  subtype: string;
  params: Record<string, string>;
}

/** Parses `type/subtype; k=v; k2="v2"`; type, subtype and parameter names lower-cased. */
export function parseMediaType(s: string): ParsedMediaType | undefined {
  const [head, ...rest] = splitOutsideQuotes(s, ';');
  const m = /^\s*([^\s/]+)\/([^\s/]+)\s*$/.exec(head ?? '');
  if (!m) return undefined;
  // Parameter names come from the client: no inherited members to collide with.
  const params: Record<string, string> = Object.create(null);
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) {
      if (p.trim() === '') continue;
      return undefined;
    }
    const key = p.slice(0, eq).trim().toLowerCase();
    let value = p.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    params[key] = value;
  }
  return { type: m[1]!.toLowerCase(), subtype: m[2]!.toLowerCase(), params };
}

export interface AcceptClause extends ParsedMediaType {
  q: number;
}

/**
 * The clauses of an Accept header, best first: by q-value, then by specificity (`*\/*` after
 * `application/*` after full types), then by position. Malformed clauses are skipped.
 */
export function parseAccept(header: string): AcceptClause[] {
  const clauses: (AcceptClause & { index: number })[] = [];
  splitOutsideQuotes(header, ',').forEach((raw, index) => {
    if (raw.trim() === '') return;
    const parsed = parseMediaType(raw);
    if (!parsed) return;
    const { q: qParam, ...params } = parsed.params;
    let q = 1;
    if (qParam !== undefined) {
      q = Number(qParam);
      if (!Number.isFinite(q) || q < 0 || q > 1) return;
    }
    clauses.push({ type: parsed.type, subtype: parsed.subtype, params, q, index });
  });
  const specificity = (c: AcceptClause) => (c.type === '*' ? 0 : c.subtype === '*' ? 1 : 2);
  clauses.sort((a, b) => b.q - a.q || specificity(b) - specificity(a) || a.index - b.index);
  return clauses.map(({ index: _index, ...c }) => c);
}

function splitOutsideQuotes(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '"' && s[i - 1] !== '\\') quoted = !quoted;
    if (ch === sep && !quoted) {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);
  return out;
}
