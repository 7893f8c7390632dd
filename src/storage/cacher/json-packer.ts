// Compression of the watch cache's larger JSON. Objects of one resource share almost all of their
// text (keys, defaults, the template their controller stamps them from), so each one is deflated
// against a dictionary: the JSON of the first sizeable object the cache kept. A served pod of
// 9.9 KB becomes about 100 bytes. Deflating costs ~20-40 µs per write and inflating ~10 µs per
// read, whatever the size, so objects under 2 KB (most events) are kept as they are: for them
// the reads would pay more than the memory saved (a list of 10,000 events went from 55 to 282 ms).
// The bytes are held in a one-byte string: one heap object the collector never looks into,
// instead of a Buffer, its ArrayBuffer and a malloc'd block (~250 bytes of bookkeeping each).
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** Objects smaller than this are kept as they are; the first one at least this large is the dictionary. */
const MIN_PACKED_SIZE = 2048;

export interface PackedJson {
  readonly bytes: string;
  readonly dictionary: Buffer | undefined;
}

export class JsonPacker {
  #dictionary: Buffer | undefined;

  pack(json: string): PackedJson {
    const length = Buffer.byteLength(json);
    // ASCII text is its own UTF-8 bytes as latin1 characters: kept as it is, without a copy.
    if (length < MIN_PACKED_SIZE && length === json.length) return { bytes: json, dictionary: undefined };
    const raw = Buffer.from(json);
    if (length < MIN_PACKED_SIZE) return { bytes: raw.toString('latin1'), dictionary: undefined };
    // A copy of its own: `raw` may be a slice of Node's shared pool.
    this.#dictionary ??= Buffer.from(raw);
    const dictionary = this.#dictionary;
    const packed = deflateRawSync(raw, { dictionary });
    return packed.length < raw.length ? { bytes: packed.toString('latin1'), dictionary } : { bytes: raw.toString('latin1'), dictionary: undefined };
  }
}

/** The UTF-8 JSON that `packed` holds. */
export function unpack(packed: PackedJson): Buffer {
  const bytes = Buffer.from(packed.bytes, 'latin1');
  return packed.dictionary ? inflateRawSync(bytes, { dictionary: packed.dictionary }) : bytes;
}
