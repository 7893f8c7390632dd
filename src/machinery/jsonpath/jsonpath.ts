// The JSONPath subset a CustomResourceDefinition's printer columns and selectable fields use,
// evaluated as kubectl's JSONPath does: `.spec.replicas`, `.metadata.labels['app.orch.io/x']`,
// `.items[0]`, `.items[*].name`, and filters on a field's value such as
// `.status.conditions[?(@.type=="Ready")].status`. A path compiles once and yields every match.

type Step =
  | { kind: 'field'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'all' }
  | { kind: 'filter'; path: string[]; op: '==' | '!=' | 'exists'; value?: unknown };

export class JsonPathError extends Error {}

export interface JsonPath {
  readonly text: string;
  /** Every value the path reaches in `root`, in document order. */
  evaluate(root: unknown): unknown[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a quoted string at `at` (the quote); returns the value and the index after it. */
function readQuoted(text: string, at: number): [string, number] {
  const quote = text[at]!;
  let out = '';
  let i = at + 1;
  for (; i < text.length && text[i] !== quote; i++) {
    if (text[i] === '\\' && i + 1 < text.length) i++;
    out += text[i];
  }
  if (i >= text.length) throw new JsonPathError(`unterminated string in ${text}`);
  return [out, i + 1];
}

function parseFilter(text: string, inner: string): Step {
  const m = /^@((?:\.[A-Za-z0-9_-]+)+)\s*(?:(==|!=)\s*(.+))?$/.exec(inner.trim());
  if (!m) throw new JsonPathError(`unsupported filter ${inner} in ${text}`);
  const path = m[1]!.slice(1).split('.');
  if (!m[2]) return { kind: 'filter', path, op: 'exists' };
  const raw = m[3]!.trim();
  let value: unknown;
  if (raw.startsWith('"') || raw.startsWith("'")) value = readQuoted(raw, 0)[0];
  else if (raw === 'true' || raw === 'false') value = raw === 'true';
  else if (raw !== '' && !Number.isNaN(Number(raw))) value = Number(raw);
  else throw new JsonPathError(`unsupported filter value ${raw} in ${text}`);
  return { kind: 'filter', path, op: m[2] as '==' | '!=', value };
}

function parse(text: string): Step[] {
  let src = text.trim();
  // kubectl's template form {.spec.x} is accepted too.
  if (src.startsWith('{') && src.endsWith('}')) src = src.slice(1, -1).trim();
  if (src.startsWith('$')) src = src.slice(1);
  if (!src.startsWith('.') && !src.startsWith('[')) throw new JsonPathError(`a path must start with "." or "[": ${text}`);
  const steps: Step[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '.') {
      let j = i + 1;
      while (j < src.length && src[j] !== '.' && src[j] !== '[') j++;
      const name = src.slice(i + 1, j);
      if (name === '*') steps.push({ kind: 'all' });
      else if (name) steps.push({ kind: 'field', name });
      else if (j !== src.length || steps.length) throw new JsonPathError(`empty field name in ${text}`);
      i = j;
      continue;
    }
    if (c === '[') {
      const q = src[i + 1];
      if (q === '"' || q === "'") {
        const [name, after] = readQuoted(src, i + 1);
        if (src[after] !== ']') throw new JsonPathError(`expected ] in ${text}`);
        steps.push({ kind: 'field', name });
        i = after + 1;
        continue;
      }
      const close = src.indexOf(']', i);
      if (close < 0) throw new JsonPathError(`expected ] in ${text}`);
      const inner = src.slice(i + 1, close);
      if (inner === '*') steps.push({ kind: 'all' });
      else if (/^-?\d+$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
      else if (inner.startsWith('?(') && inner.endsWith(')')) steps.push(parseFilter(text, inner.slice(2, -1)));
      else throw new JsonPathError(`unsupported subscript [${inner}] in ${text}`);
      i = close + 1;
      continue;
    }
    throw new JsonPathError(`unexpected ${JSON.stringify(c)} in ${text}`);
  }
  return steps;
}

function children(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (isObject(v)) return Object.values(v);
  return [];
}

function readPath(v: unknown, path: readonly string[]): unknown {
  let at = v;
  for (const name of path) at = isObject(at) && Object.hasOwn(at, name) ? at[name] : undefined;
  return at;
}

function apply(step: Step, values: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of values) {
    switch (step.kind) {
      case 'field':
        if (isObject(v) && Object.hasOwn(v, step.name)) out.push(v[step.name]);
        break;
      case 'index':
        if (Array.isArray(v)) {
          const at = step.index < 0 ? v.length + step.index : step.index;
          if (at >= 0 && at < v.length) out.push(v[at]);
        }
        break;
      case 'all':
        out.push(...children(v));
        break;
      case 'filter':
        for (const item of children(v)) {
          const got = readPath(item, step.path);
          if (step.op === 'exists' ? got !== undefined : (got === step.value) === (step.op === '==')) out.push(item);
        }
        break;
    }
  }
  return out;
}

/** Compiles `text`; throws JsonPathError when it is not a path this subset reads. */
export function compileJsonPath(text: string): JsonPath {
  const steps = parse(text);
  return {
    text,
    evaluate(root) {
      let values: unknown[] = [root];
      for (const step of steps) values = apply(step, values);
      return values;
    },
  };
}
