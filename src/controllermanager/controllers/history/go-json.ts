// JSON as Go's encoding/json writes a value decoded into maps: object keys sorted, and <, >, &,
// U+2028 and U+2029 escaped. Revision data is hashed and compared in this form, so a revision
// made here is byte-for-byte what Kubernetes would store for the same object.

function escapeGo(text: string): string {
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}

/** The bytes Go's json.Marshal gives for `value` once read into map[string]interface{}. */
export function goJsonMarshal(value: unknown): string {
  return escapeGo(JSON.stringify(canonical(value)) ?? 'null');
}
