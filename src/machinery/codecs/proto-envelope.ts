// The envelope every protobuf body travels in, runtime.Unknown (apimachinery runtime
// generated.proto): the object's apiVersion and kind beside its message's bytes. It is the
// codec's own frame, not the shape of any kind, so it is declared here rather than derived.

import type protobuf from 'protobufjs';
import { protobufjs } from '../lazy/protobufjs.ts';

export interface Envelope {
  typeMeta?: { apiVersion?: string; kind?: string };
  raw?: Uint8Array;
  contentEncoding?: string;
  contentType?: string;
}

const root = protobufjs().Root.fromJSON({
  nested: {
    TypeMeta: { edition: 'proto2', fields: { apiVersion: { id: 1, type: 'string' }, kind: { id: 2, type: 'string' } } },
    Unknown: {
      edition: 'proto2',
      fields: { typeMeta: { id: 1, type: 'TypeMeta' }, raw: { id: 2, type: 'bytes' }, contentEncoding: { id: 3, type: 'string' }, contentType: { id: 4, type: 'string' } },
    },
  },
} as protobuf.INamespace);

/** The protobufjs type of runtime.Unknown. */
export const unknownType = root.lookupType('Unknown');

export function encodeEnvelope(envelope: Envelope): Uint8Array {
  return unknownType.encode(unknownType.fromObject(envelope)).finish();
}

/** Throws protobufjs' error on malformed bytes. */
export function decodeEnvelope(bytes: Uint8Array): Envelope {
  return unknownType.toObject(unknownType.decode(bytes), { longs: Number }) as Envelope;
}
