// Watch stream framing: JSON events one per line; protobuf events as Kubernetes' length-delimited
// frames (a 4-byte big-endian length, then a WatchEvent message whose object holds the enveloped
// object, as client-go's streaming decoder expects).

import type { ApiObject } from '../../api/meta/v1/types.ts';
import { protobufMediaType, type MediaType } from './media-types.ts';
// The protobuf codec and protobufjs load with the first protobuf body (lazy-sources.ts).
import { protobufCodec } from '../lazy/lazy-sources.ts';

/** meta/v1 WatchEvent: its object (a RawExtension) holds the enveloped object's bytes. */
const WATCH_EVENT = 'io.orch.apimachinery.pkg.apis.meta.v1.WatchEvent';

export interface WireWatchEvent {
  type: string;
  object: ApiObject | Record<string, unknown>;
}

export function encodeWatchFrame(mediaType: MediaType, event: WireWatchEvent): Buffer {
  if (mediaType !== protobufMediaType) {
    return Buffer.from(`${JSON.stringify({ type: event.type, object: event.object })}\n`);
  }
  const { encodeRawMessage, encodeProtobuf, messageOfDefinition } = protobufCodec();
  const message = encodeRawMessage({ type: event.type, object: encodeProtobuf(event.object) }, messageOfDefinition(WATCH_EVENT));
  const frame = Buffer.alloc(4 + message.length);
  frame.writeUInt32BE(message.length, 0);
  frame.set(message, 4);
  return frame;
}

/**
 * Splits a protobuf watch stream into events; returns the decoded events and the bytes of an
 * incomplete trailing frame.
 */
export function decodeProtobufWatchFrames(stream: Buffer): { events: { type: string; object: ApiObject }[]; rest: Buffer } {
  const { decodeRawMessage, decodeProtobuf, messageOfDefinition } = protobufCodec();
  const events: { type: string; object: ApiObject }[] = [];
  let offset = 0;
  while (stream.length - offset >= 4) {
    const length = stream.readUInt32BE(offset);
    if (stream.length - offset - 4 < length) break;
    const message = stream.subarray(offset + 4, offset + 4 + length);
    const decoded = decodeRawMessage(message, messageOfDefinition(WATCH_EVENT)) as { type?: string; object?: Uint8Array };
    events.push({ type: decoded.type ?? '', object: decodeProtobuf(decoded.object ?? new Uint8Array()) });
    offset += 4 + length;
  }
  return { events, rest: stream.subarray(offset) };
}
