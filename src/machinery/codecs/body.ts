// Request and response bodies in JSON, YAML and protobuf.

import { parse as parseYaml, stringify as stringifyYaml } from '../lazy/yaml.ts';
import type { ApiObject } from '../../api/meta/v1/types.ts';
import { badRequest, unsupportedMediaType } from '../status.ts';
import { jsonMediaType, kubernetesProtobufMediaType, parseMediaType, protobufMediaType, yamlMediaType, type MediaType } from './media-types.ts';
// The protobuf codec and protobufjs load with the first protobuf body (lazy-sources.ts).
import { protobufCodec } from '../lazy/lazy-sources.ts';

/**
 * Decodes a create or update body by its Content-Type (JSON when absent). The body must be an
 * object; malformed input is a 400 naming the problem, an unknown Content-Type a 415.
 */
export function decodeBody(contentType: string | undefined, body: Buffer): unknown {
  const mediaType = inputMediaType(contentType);
  if (mediaType === protobufMediaType) return protobufCodec().decodeProtobuf(body);
  if (mediaType === yamlMediaType) return decodeYaml(body.toString('utf8'));
  return decodeJson(body.toString('utf8'));
}

function inputMediaType(contentType: string | undefined): MediaType {
  if (contentType === undefined || contentType.trim() === '') return jsonMediaType;
  const parsed = parseMediaType(contentType);
  const full = parsed ? `${parsed.type}/${parsed.subtype}` : '';
  if (full === jsonMediaType) return jsonMediaType;
  if (full === yamlMediaType) return yamlMediaType;
  if (full === protobufMediaType || full === kubernetesProtobufMediaType) return protobufMediaType;
  throw unsupportedMediaType(contentType);
}

function decodeJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = text.trim() === '' ? 'unexpected end of JSON input' : (err as Error).message;
    throw badRequest(`couldn't get version/kind; json parse error: ${message}`);
  }
  requireObject(value, 'json parse error');
  return value;
}

function decodeYaml(text: string): unknown {
  let value: unknown;
  try {
    value = parseYaml(text, { uniqueKeys: true, prettyErrors: false });
  } catch (err) {
    throw badRequest(`error converting YAML to JSON: yaml: ${(err as Error).message.split('\n', 1)[0]}`);
  }
  requireObject(value, 'yaml parse error');
  return value;
}

function requireObject(value: unknown, what: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    throw badRequest(`couldn't get version/kind; ${what}: the body must be an object, got ${got}`);
  }
}

/** Encodes a response body. JSON ends with a newline, pretty JSON is indented by two spaces. */
export function encodeBody(mediaType: MediaType, obj: ApiObject | Record<string, unknown>, pretty = false): Buffer {
  switch (mediaType) {
    case protobufMediaType:
      return protobufCodec().encodeProtobuf(obj);
    case yamlMediaType:
      // As Kubernetes writes YAML: keys sorted, and strings a YAML 1.1 reader would take for
      // timestamps, booleans or numbers quoted.
      return Buffer.from(stringifyYaml(obj, { lineWidth: 0, sortMapEntries: true, version: '1.1' }));
    default: {
      // Written into one buffer sized up front: appending "\n" to a large string and encoding it
      // would first copy the whole string.
      const text = pretty ? JSON.stringify(obj, null, 2) : JSON.stringify(obj);
      const size = Buffer.byteLength(text);
      const out = Buffer.allocUnsafe(size + 1);
      out.write(text, 0, size, 'utf8');
      out[size] = 0x0a;
      return out;
    }
  }
}
