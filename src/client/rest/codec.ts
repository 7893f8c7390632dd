// Wire encoding for the REST client: requests as protobuf when --orch-api-content-type asks for it
// and the kind has a protobuf form, JSON otherwise; responses decoded by their Content-Type.
import { decodeProtobuf, encodeProtobuf, supportsProtobuf } from '../../machinery/codecs/protobuf.ts';
import { jsonMediaType, protobufMediaType } from '../../machinery/codecs/media-types.ts';

export interface EncodedBody {
  contentType: string;
  data: Buffer;
}

export function encodeRequestBody(body: unknown, preferred: string): EncodedBody {
  const kind = body && typeof body === 'object' ? (body as { kind?: unknown }).kind : undefined;
  if (preferred === protobufMediaType && typeof kind === 'string' && supportsProtobuf(kind)) {
    return { contentType: protobufMediaType, data: encodeProtobuf(body as Record<string, unknown>) };
  }
  return { contentType: jsonMediaType, data: Buffer.from(JSON.stringify(body)) };
}

/** The media types a PATCH body may be labelled with, as the server accepts them. */
export type PatchContentType =
  | 'application/strategic-merge-patch+json'
  | 'application/merge-patch+json'
  | 'application/json-patch+json'
  | 'application/apply-patch+yaml';

/** A patch document labelled with its patch type: a string is sent as written, anything else as JSON. */
export function encodePatchBody(body: unknown, patchType: PatchContentType): EncodedBody {
  return { contentType: patchType, data: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)) };
}

/** The Accept header: protobuf first with JSON as the fallback, as client-go sends it. */
export function acceptFor(preferred: string, stream = false): string {
  const suffix = stream ? ';stream=watch' : '';
  return preferred === protobufMediaType ? `${protobufMediaType}${suffix}, ${jsonMediaType}${suffix}` : `${jsonMediaType}${suffix}`;
}

export function isProtobuf(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === protobufMediaType || (contentType ?? '').startsWith('application/vnd.kubernetes.protobuf');
}

/** Protobuf and JSON bodies decoded; any other (text/plain of /healthz) returned as a string. */
export function decodeResponseBody(contentType: string | undefined, data: Buffer): unknown {
  if (data.length === 0) return undefined;
  if (isProtobuf(contentType)) return decodeProtobuf(data);
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === '' || type === jsonMediaType || type.endsWith('+json')) return JSON.parse(data.toString('utf8'));
  return data.toString('utf8');
}
