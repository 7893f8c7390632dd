// JSON values as Go prints and compares them in Kubernetes' schema messages: %v of a float64,
// %#v of a decoded JSON map or list, and the deep equality used by enum, uniqueItems and
// list-type checks (integers and integral floats are the same number).

/** Go's %v of a float64: shortest digits, exponent form below 1e-4 and from 1e+06 up. */
export function goFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const [mantissa, expText] = v.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp >= -4 && exp < 6) return String(v);
  return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** A number as kube-openapi prints a bound: integers plainly when the value checked is one. */
export function goNumber(v: number, asInteger: boolean): string {
  return asInteger && Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? String(v) : goFloat(v);
}

function goSharpScalar(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : goFloat(v);
  if (v === null || v === undefined) return 'interface {}(nil)';
  return String(v);
}

/** Go's %#v of a value decoded from JSON into interface{}. */
export function goSharpV(v: unknown): string {
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSharpV).join(', ')}}`;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).sort();
    return `map[string]interface {}{${keys.map((k) => `${JSON.stringify(k)}:${goSharpV((v as Record<string, unknown>)[k])}`).join(', ')}}`;
  }
  return goSharpScalar(v);
}

/** Deep equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ak = Object.keys(a);
  const bo = b as Record<string, unknown>;
  if (ak.length !== Object.keys(bo).length) return false;
  for (const k of ak) if (!Object.hasOwn(bo, k) || !jsonEqual((a as Record<string, unknown>)[k], bo[k])) return false;
  return true;
}

/** A canonical string of a JSON value (keys sorted), for hashing in duplicate checks. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** The JSON type name of a decoded value, as kube-openapi names it in type errors. */
export function jsonTypeOf(v: unknown): 'null' | 'boolean' | 'string' | 'integer' | 'number' | 'array' | 'object' {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'bigint') return 'integer';
  if (Array.isArray(v)) return 'array';
  return 'object';
}
