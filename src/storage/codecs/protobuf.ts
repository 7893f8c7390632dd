// application/vnd.orch.protobuf storage encoding: the Kubernetes protobuf envelope, a 4-byte magic
// prefix followed by a runtime.Unknown message {typeMeta{apiVersion, kind}, raw, contentEncoding,
// contentType}. The magic stays Kubernetes' own "k8s\0" so existing tools recognise stored values.
// Per-kind protobuf messages do not exist yet, so `raw` holds the object as JSON and contentType
// says application/json; decoding honours contentType, so a later switch to per-kind messages
// keeps old values readable. The envelope is written and read by hand (unknown-envelope.ts);
// protobufjs remains the reader for anything out of the ordinary, and the reference in tests; it
// is loaded the first time it is needed.
import type protobuf from 'protobufjs';
import { protobufjs } from '../../machinery/lazy/protobufjs.ts';
import type { ApiObject } from '../interface.ts';
import { asApiObject, CodecError, type Codec } from './codec.ts';
import { decodeJson } from './json.ts';
import { readEnvelope, writeEnvelope } from './unknown-envelope.ts';

export const PROTOBUF_MAGIC = Uint8Array.of(0x6b, 0x38, 0x73, 0x00);

const envelopeDescriptor = {
  nested: {
    runtime: {
      nested: {
        TypeMeta: {
          fields: { apiVersion: { type: 'string', id: 1 }, kind: { type: 'string', id: 2 } },
        },
        Unknown: {
          fields: {
            typeMeta: { type: 'TypeMeta', id: 1 },
            raw: { type: 'bytes', id: 2 },
            contentEncoding: { type: 'string', id: 3 },
            contentType: { type: 'string', id: 4 },
          },
        },
      },
    },
  },
};
let unknownType: protobuf.Type | undefined;

/** The general protobuf reader of the envelope (exported for tests that check the hand-written one). */
export function unknownMessageType(): protobuf.Type {
  unknownType ??= protobufjs().Root.fromJSON(envelopeDescriptor).lookupType('runtime.Unknown');
  return unknownType;
}

interface UnknownMessage {
  typeMeta?: { apiVersion?: string; kind?: string };
  raw?: Uint8Array;
  contentEncoding?: string;
  contentType?: string;
}


export function hasProtobufMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x6b && bytes[1] === 0x38 && bytes[2] === 0x73 && bytes[3] === 0x00;
}

export function encodeProtobuf(obj: ApiObject): Uint8Array {
  return writeEnvelope(PROTOBUF_MAGIC, {
    apiVersion: obj.apiVersion ?? '',
    kind: obj.kind ?? '',
    raw: JSON.stringify(obj),
    contentEncoding: '',
    contentType: 'application/json',
  });
}

function readWithProtobufjs(bytes: Uint8Array): UnknownMessage {
  try {
    const Unknown = unknownMessageType();
    return Unknown.toObject(Unknown.decode(bytes.subarray(PROTOBUF_MAGIC.length)), { bytes: Uint8Array }) as UnknownMessage;
  } catch (err) {
    throw new CodecError(`stored protobuf envelope cannot be decoded: ${(err as Error).message}`);
  }
}

export function decodeProtobuf(bytes: Uint8Array): ApiObject {
  if (!hasProtobufMagic(bytes)) throw new CodecError('stored value lacks the protobuf envelope prefix');
  const plain = readEnvelope(bytes, PROTOBUF_MAGIC.length);
  const message: UnknownMessage = plain
    ? { typeMeta: { apiVersion: plain.apiVersion, kind: plain.kind }, raw: plain.raw, contentEncoding: plain.contentEncoding, contentType: plain.contentType }
    : readWithProtobufjs(bytes);
  if (message.contentEncoding) throw new CodecError(`stored protobuf envelope has unsupported content encoding ${JSON.stringify(message.contentEncoding)}`);
  const contentType = message.contentType ?? '';
  if (contentType !== 'application/json' && contentType !== '') {
    throw new CodecError(`stored protobuf envelope holds unsupported content type ${JSON.stringify(contentType)}`);
  }
  const obj = decodeJson(message.raw ?? new Uint8Array(0));
  // The envelope's type wins where the payload left it out.
  if (!obj.apiVersion && message.typeMeta?.apiVersion) obj.apiVersion = message.typeMeta.apiVersion;
  if (!obj.kind && message.typeMeta?.kind) obj.kind = message.typeMeta.kind;
  return asApiObject(obj, 'protobuf');
}

export const protobufCodec: Codec = {
  mediaType: 'application/vnd.orch.protobuf',
  encode: encodeProtobuf,
  decode: decodeProtobuf,
  // The envelope holds the object as JSON.
  jsonRoundTrip: true,
};
