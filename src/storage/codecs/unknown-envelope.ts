// The runtime.Unknown message of the protobuf storage envelope, written and read by hand. The
// message is four fields (typeMeta{apiVersion, kind}, raw, contentEncoding, contentType), so
// direct byte handling is a fraction of the cost of a generic protobuf library and writes the
// same bytes it would. Anything the reader does not expect makes it return undefined, so that the
// caller can fall back to the general decoder (and its error messages).

const textEncoder = new TextEncoder();

// apiVersion, kind and contentType repeat from one object to the next: keep their bytes.
const MAX_CACHED_STRINGS = 256;
const stringBytes = new Map<string, Uint8Array>();

function utf8(s: string): Uint8Array {
  let bytes = stringBytes.get(s);
  if (!bytes) {
    bytes = textEncoder.encode(s);
    if (stringBytes.size >= MAX_CACHED_STRINGS) stringBytes.clear();
    stringBytes.set(s, bytes);
  }
  return bytes;
}

function varintSize(n: number): number {
  let size = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}

function writeVarint(out: Uint8Array, at: number, n: number): number {
  while (n >= 0x80) {
    out[at++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  out[at++] = n;
  return at;
}

/** A length-delimited field: its tag, its length as a varint, then the bytes; empty ones are left out. */
function fieldSize(length: number): number {
  return length === 0 ? 0 : 1 + varintSize(length) + length;
}

function writeField(out: Uint8Array, at: number, tag: number, bytes: Uint8Array): number {
  if (bytes.length === 0) return at;
  out[at++] = tag;
  at = writeVarint(out, at, bytes.length);
  out.set(bytes, at);
  return at + bytes.length;
}

// Field tags: (field number << 3) | 2, length-delimited.
const TYPE_META = 0x0a;
const API_VERSION = 0x0a;
const KIND = 0x12;
const RAW = 0x12;
const CONTENT_ENCODING = 0x1a;
const CONTENT_TYPE = 0x22;

export interface UnknownEnvelope {
  apiVersion: string;
  kind: string;
  raw: Uint8Array;
  contentEncoding: string;
  contentType: string;
}

/** What writeEnvelope takes: raw may be a string, written as UTF-8 straight into the output. */
export type EnvelopeInput = Omit<UnknownEnvelope, 'raw'> & { raw: Uint8Array | string };

/** prefix followed by the encoded message, as protobufjs writes it: typeMeta always, other fields when not empty. */
export function writeEnvelope(prefix: Uint8Array, m: EnvelopeInput): Uint8Array {
  const apiVersion = utf8(m.apiVersion);
  const kind = utf8(m.kind);
  const contentEncoding = utf8(m.contentEncoding);
  const contentType = utf8(m.contentType);
  const rawLength = typeof m.raw === 'string' ? Buffer.byteLength(m.raw, 'utf8') : m.raw.length;
  const typeMetaLength = fieldSize(apiVersion.length) + fieldSize(kind.length);
  const total =
    prefix.length + 1 + varintSize(typeMetaLength) + typeMetaLength + fieldSize(rawLength) + fieldSize(contentEncoding.length) + fieldSize(contentType.length);
  // From Node's buffer pool: a stored value is small and short-lived, and a fresh ArrayBuffer of its
  // own (allocated, zeroed, tracked and swept by the collector) cost more than the rest of this
  // function. Every byte is written below.
  const out = Buffer.allocUnsafe(total);
  out.set(prefix, 0);
  let at = prefix.length;
  out[at++] = TYPE_META;
  at = writeVarint(out, at, typeMetaLength);
  at = writeField(out, at, API_VERSION, apiVersion);
  at = writeField(out, at, KIND, kind);
  if (typeof m.raw === 'string') {
    if (rawLength > 0) {
      out[at++] = RAW;
      at = writeVarint(out, at, rawLength);
      at += out.write(m.raw, at, rawLength, 'utf8');
    }
  } else {
    at = writeField(out, at, RAW, m.raw);
  }
  at = writeField(out, at, CONTENT_ENCODING, contentEncoding);
  writeField(out, at, CONTENT_TYPE, contentType);
  return out;
}

const textDecoder = new TextDecoder('utf-8', { fatal: true });

/** Reads length-delimited fields of bytes[from, to); undefined on any other wire type or overrun. */
function readFields(bytes: Uint8Array, from: number, to: number, onField: (tag: number, start: number, end: number) => boolean): boolean {
  let at = from;
  while (at < to) {
    const tag = bytes[at++]!;
    if ((tag & 0x07) !== 2 || tag >= 0x80) return false;
    let length = 0;
    let scale = 1;
    for (;;) {
      if (at >= to || scale > 2 ** 28) return false;
      const b = bytes[at++]!;
      length += (b & 0x7f) * scale;
      if (b < 0x80) break;
      scale *= 128;
    }
    const end = at + length;
    if (end > to) return false;
    if (!onField(tag, at, end)) return false;
    at = end;
  }
  return true;
}

/** Parses the message in bytes[from..]; undefined when it is anything but the plain form. */
export function readEnvelope(bytes: Uint8Array, from: number): UnknownEnvelope | undefined {
  const m: UnknownEnvelope = { apiVersion: '', kind: '', raw: new Uint8Array(0), contentEncoding: '', contentType: '' };
  try {
    const ok = readFields(bytes, from, bytes.length, (tag, start, end) => {
      if (tag === TYPE_META) {
        return readFields(bytes, start, end, (inner, s, e) => {
          if (inner === API_VERSION) m.apiVersion = textDecoder.decode(bytes.subarray(s, e));
          else if (inner === KIND) m.kind = textDecoder.decode(bytes.subarray(s, e));
          else return false;
          return true;
        });
      }
      if (tag === RAW) m.raw = bytes.subarray(start, end);
      else if (tag === CONTENT_ENCODING) m.contentEncoding = textDecoder.decode(bytes.subarray(start, end));
      else if (tag === CONTENT_TYPE) m.contentType = textDecoder.decode(bytes.subarray(start, end));
      else return false;
      return true;
    });
    return ok ? m : undefined;
  } catch {
    return undefined;
  }
}
