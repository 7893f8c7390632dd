// What a Secret body becomes before validation, on every write path (create, update, patch,
// apply): `data` values must be base64 (Go's standard encoding, as Kubernetes' decoder reads
// []byte), `stringData` entries overwrite `data` keys and are dropped, and the type defaults to
// Opaque. A bad value is a 400, worded as Kubernetes' decoder words it.
import type { Secret } from '../../../../api/core/v1/secret-types.ts';
import { SecretType } from '../../../../api/core/v1/secret-types.ts';
import { badRequest } from '../../../../machinery/status.ts';
import { setOwn } from '../../../../machinery/patch/json-value.ts';

const ALPHABET = /[A-Za-z0-9+/]/;

function cannotHandle(detail: string): never {
  throw badRequest(`Secret in version "v1" cannot be handled as a Secret: ${detail}`);
}

/** The offset Go's base64 decoder reports for the first bad byte, or -1 when `text` is valid. */
export function base64ErrorOffset(text: string): number {
  const s = text.replace(/[\r\n]/g, '');
  let i = 0;
  while (i < s.length && ALPHABET.test(s[i]!)) i++;
  const body = i;
  while (i < s.length && s[i] === '=') i++;
  const pad = i - body;
  if (i < s.length) return pad > 0 ? body : i;
  if (pad > 2) return body + 2;
  if ((body + pad) % 4 !== 0) return pad ? body : Math.floor(body / 4) * 4;
  if (pad && body % 4 < 2) return body;
  return -1;
}

function stringMap(value: unknown, goField: string): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    cannotHandle(`json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go struct field Secret.${goField} of type map[string][]uint8`);
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === null) {
      setOwn(out, k, '');
      continue;
    }
    if (typeof v !== 'string') cannotHandle(`json: cannot unmarshal ${typeof v} into Go struct field Secret.${goField} of type []uint8`);
    setOwn(out, k, v);
  }
  return out;
}

export function normalizeSecret(secret: Secret): Secret {
  const data = stringMap(secret.data, 'data');
  if (data) {
    for (const value of Object.values(data)) {
      const at = base64ErrorOffset(value);
      if (at >= 0) cannotHandle(`illegal base64 data at input byte ${at}`);
    }
    // Line breaks are ignored by the decoder; store the canonical form.
    for (const [k, v] of Object.entries(data)) setOwn(data, k, v.replace(/[\r\n]/g, ''));
  }
  const stringData = stringMap(secret.stringData, 'stringData');
  if (stringData && Object.keys(stringData).length) {
    const merged = data ?? {};
    for (const [k, v] of Object.entries(stringData)) setOwn(merged, k, Buffer.from(v, 'utf8').toString('base64'));
    secret.data = merged;
  } else if (data) secret.data = data;
  delete secret.stringData;
  if (secret.type === undefined || secret.type === null || secret.type === '') secret.type = SecretType.Opaque;
  if (typeof secret.type !== 'string') cannotHandle(`json: cannot unmarshal ${typeof secret.type} into Go struct field Secret.type of type v1.SecretType`);
  if (secret.immutable === null) delete secret.immutable;
  if (secret.immutable !== undefined && typeof secret.immutable !== 'boolean') {
    cannotHandle(`json: cannot unmarshal ${typeof secret.immutable} into Go struct field Secret.immutable of type bool`);
  }
  return secret;
}

/** Decoded size of a base64 value without decoding it. */
export function decodedLength(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - pad;
}
