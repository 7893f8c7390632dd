// application/json storage encoding.
import type { ApiObject } from '../interface.ts';
import { asApiObject, CodecError, type Codec } from './codec.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function decodeJson(bytes: Uint8Array): ApiObject {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch (err) {
    throw new CodecError(`stored JSON cannot be decoded: ${(err as Error).message}`);
  }
  return asApiObject(value, 'JSON');
}

export const jsonCodec: Codec = {
  mediaType: 'application/json',
  encode: (obj) => encoder.encode(JSON.stringify(obj)),
  decode: decodeJson,
  jsonRoundTrip: true,
};
