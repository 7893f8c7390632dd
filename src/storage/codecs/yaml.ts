// application/yaml storage encoding.
import { parse, stringify } from '../../machinery/lazy/yaml.ts';
import type { ApiObject } from '../interface.ts';
import { asApiObject, CodecError, type Codec } from './codec.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function decodeYaml(bytes: Uint8Array): ApiObject {
  let value: unknown;
  try {
    // Core schema: strings like "yes" or "0755" stay strings, as Kubernetes' YAML reader keeps them.
    value = parse(decoder.decode(bytes), { schema: 'core', intAsBigInt: false });
  } catch (err) {
    throw new CodecError(`stored YAML cannot be decoded: ${(err as Error).message}`);
  }
  return asApiObject(value, 'YAML');
}

export const yamlCodec: Codec = {
  mediaType: 'application/yaml',
  encode: (obj) => encoder.encode(stringify(obj, { schema: 'core', lineWidth: 0 })),
  decode: decodeYaml,
};
