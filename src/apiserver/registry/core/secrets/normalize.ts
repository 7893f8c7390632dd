// What a Secret becomes before validation, on every write path (create, update, patch, apply),
// once the schema has typed it (data base64, stringData strings): `data` values lose the line
// breaks Go's decoder skips, `stringData` entries overwrite `data` keys and are dropped, and the
// type defaults to Opaque.
import type { Secret } from '../../../../api/core/v1/secret-types.ts';
import { SecretType } from '../../../../api/core/v1/secret-types.ts';
import { setOwn } from '../../../../machinery/patch/json-value.ts';

export function normalizeSecret(secret: Secret): Secret {
  const data = secret.data;
  if (data) {
    // Line breaks are ignored by the decoder; store the canonical form.
    for (const k of Object.keys(data)) {
      const v = data[k]!;
      if (v.includes('\n') || v.includes('\r')) setOwn(data, k, v.replace(/[\r\n]/g, ''));
    }
  }
  const stringData = secret.stringData;
  if (stringData && Object.keys(stringData).length) {
    const merged = data ?? {};
    for (const k of Object.keys(stringData)) setOwn(merged, k, Buffer.from(stringData[k]!, 'utf8').toString('base64'));
    secret.data = merged;
  }
  delete secret.stringData;
  if (secret.type === undefined || secret.type === '') secret.type = SecretType.Opaque;
  return secret;
}

/** Decoded size of a base64 value without decoding it. */
export function decodedLength(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - pad;
}
