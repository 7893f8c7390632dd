// Types a ConfigMap body: data values are strings, binaryData values base64 (as Go decodes []byte).
import type { ConfigMap } from '../../../../api/core/v1/configmap-types.ts';
import { badRequest } from '../../../../machinery/status.ts';
import type { ApiObject } from '../../../../storage/interface.ts';

const CANNOT = 'ConfigMap in version "v1" cannot be handled as a ConfigMap';
const BASE64 = /^[A-Za-z0-9+/]*$/;

/** Index of the first byte Go's base64 decoder refuses, or -1 when the text is valid. */
export function base64ErrorOffset(text: string): number {
  const body = text.replace(/=+$/, '');
  if (!BASE64.test(body)) return body.search(/[^A-Za-z0-9+/]/);
  const padding = text.length - body.length;
  if (text.length % 4 !== 0 || padding > 2) return padding ? body.length : text.length - (text.length % 4);
  return -1;
}

function stringMap(value: unknown, field: string, check?: (v: string) => void): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`${CANNOT}: json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go struct field ConfigMap.${field} of type map[string]${field === 'data' ? 'string' : '[]uint8'}`);
  }
  for (const v of Object.values(value)) {
    if (typeof v !== 'string') {
      throw badRequest(`${CANNOT}: json: cannot unmarshal ${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v} into Go struct field ConfigMap.${field} of type ${field === 'data' ? 'string' : '[]uint8'}`);
    }
    check?.(v);
  }
  return value as Record<string, string>;
}

export function decodeConfigMap(raw: ApiObject): ConfigMap {
  const cm = raw as ConfigMap;
  stringMap(cm.data, 'data');
  stringMap(cm.binaryData, 'binaryData', (v) => {
    const at = base64ErrorOffset(v);
    if (at >= 0) throw badRequest(`${CANNOT}: illegal base64 data at input byte ${at}`);
  });
  if (cm.immutable !== undefined && cm.immutable !== null && typeof cm.immutable !== 'boolean') {
    throw badRequest(`${CANNOT}: json: cannot unmarshal ${typeof cm.immutable} into Go struct field ConfigMap.immutable of type bool`);
  }
  return cm;
}
