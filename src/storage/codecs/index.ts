// Codec lookup by media type, and the decoder that recognises any stored form.
import type { ApiObject } from '../interface.ts';
import { CodecError, type Codec } from './codec.ts';
import { decodeJson, jsonCodec } from './json.ts';
import { decodeProtobuf, hasProtobufMagic, protobufCodec } from './protobuf.ts';
import { decodeYaml, yamlCodec } from './yaml.ts';

export type { Codec } from './codec.ts';
export { CodecError } from './codec.ts';
export { jsonCodec, yamlCodec, protobufCodec };

export const STORAGE_MEDIA_TYPES = ['application/json', 'application/yaml', 'application/vnd.orch.protobuf'] as const;

/** Decodes a stored value whatever media type wrote it: protobuf envelope, JSON or YAML. */
export function decodeAny(bytes: Uint8Array): ApiObject {
  if (hasProtobufMagic(bytes)) return decodeProtobuf(bytes);
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] === 0x7b) return decodeJson(bytes);
  return decodeYaml(bytes);
}

/** The codec for a --storage-media-type value. Writes use that form; reads accept every form. */
export function codecFor(mediaType: string): Codec {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  const writer =
    base === 'application/json'
      ? jsonCodec
      : base === 'application/yaml'
        ? yamlCodec
        : base === 'application/vnd.orch.protobuf' || base === 'application/vnd.kubernetes.protobuf'
          ? protobufCodec
          : undefined;
  if (!writer) throw new CodecError(`unsupported storage media type ${JSON.stringify(mediaType)}; supported: ${STORAGE_MEDIA_TYPES.join(', ')}`);
  // Values this codec wrote decode as the writer would decode them, so its round-trip holds.
  return { mediaType: writer.mediaType, encode: writer.encode, decode: decodeAny, jsonRoundTrip: writer.jsonRoundTrip };
}
