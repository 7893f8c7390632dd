// Compression of the watch cache's JSON. Objects of one resource share almost all of their text
// (keys, defaults, managed fields, the template their controller stamps them from), so each one is
// kept as references into a dictionary, the JSON of an earlier object of the resource, plus the
// bytes it does not share: an 890-byte event becomes about 80 bytes, a 9.9 KB pod a few hundred.
//
// The format is a plain LZ77 against the dictionary alone, without entropy coding: deflate packs a
// little tighter, but zlib costs 5-10 µs a call to set up whatever the size, and an event list
// unpacks 10,000 objects. Unpacking here is a copy loop, about 1 µs an event (docs/design.md).
//
// The packed bytes are held in a one-byte string: one heap object the collector never looks into,
// instead of a Buffer, its ArrayBuffer and a malloc'd block (~250 bytes of bookkeeping each).
//
// Layout: the unpacked length as a little-endian base-128 varint, then tokens. A token byte t
// below 0x80 is followed by t + 1 literal bytes; from 0x80 up it copies (t & 0x7f) + MIN_MATCH
// bytes of the dictionary from the 16-bit offset that follows, and t = 0xff adds a 16-bit extra
// length after the offset (one token for a long shared run).

/** Shorter runs cost more as a reference (3 bytes) than as literals. */
const MIN_MATCH = 4;
const LONG_MATCH = 0x7f;
/** References are 16-bit offsets: only the first 64 KiB of a large object can be the dictionary. */
const MAX_DICTIONARY = 0xffff;
const HASH_BITS = 13;
/** Candidate positions tried per input position: longer chains pack a little tighter, slower. */
const CHAIN_TRIES = 16;
/** The largest scratch buffer a packer keeps between objects. */
const MAX_SCRATCH = 64 * 1024 + 1024;
/** Objects this small are kept as they are. */
const MIN_PACKED_SIZE = 64;
/** An object packing worse than this (packed/raw) may become the next dictionary ... */
const POOR_RATIO = 0.5;
/** ... once this many objects have packed against the current one, so shapes that alternate do not churn. */
const PACKS_BEFORE_REPLACING = 256;

export interface PackedJson {
  readonly bytes: string;
  /** The dictionary the bytes refer to; undefined when the bytes are the UTF-8 JSON itself. */
  readonly dictionary: Buffer | undefined;
}

/** A dictionary with the hash chains that find matches in it; only the packer holds the chains. */
class Dictionary {
  readonly bytes: Buffer;
  readonly head = new Int32Array(1 << HASH_BITS).fill(-1);
  readonly prev: Int32Array;

  constructor(json: Buffer) {
    // A copy of its own: `json` may be a slice of Node's shared pool.
    this.bytes = Buffer.from(json.subarray(0, MAX_DICTIONARY));
    const d = this.bytes;
    this.prev = new Int32Array(d.length).fill(-1);
    for (let p = 0; p + MIN_MATCH <= d.length; p++) {
      const h = hash4(d, p);
      this.prev[p] = this.head[h]!;
      this.head[h] = p;
    }
  }
}

function hash4(b: Uint8Array, p: number): number {
  return Math.imul(b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24), 0x9e3779b1) >>> (32 - HASH_BITS);
}

export class JsonPacker {
  #dictionary: Dictionary | undefined;
  #packsSinceReplaced = 0;
  /** Where packed bytes are assembled before they become a string. */
  #scratch = Buffer.allocUnsafe(4096);

  /** `json` as it is, for packing later (repack). */
  unpacked(json: string): PackedJson {
    return { bytes: isAscii(json) ? json : Buffer.from(json).toString('latin1'), dictionary: undefined };
  }

  pack(json: string): PackedJson {
    if (json.length < MIN_PACKED_SIZE) return this.unpacked(json);
    return this.#pack(Buffer.from(json), json);
  }

  /** What `unpacked` kept, packed now. */
  repack(kept: PackedJson): PackedJson {
    if (kept.dictionary || kept.bytes.length < MIN_PACKED_SIZE) return kept;
    return this.#pack(Buffer.from(kept.bytes, 'latin1'), kept.bytes);
  }

  /** `raw` (UTF-8) packed; `asIs` is what to keep if packing saves nothing. */
  #pack(raw: Buffer, asIs: string): PackedJson {
    this.#dictionary ??= new Dictionary(raw);
    let packed = this.#encode(raw, this.#dictionary);
    this.#packsSinceReplaced++;
    if (packed.length > raw.length * POOR_RATIO && this.#packsSinceReplaced >= PACKS_BEFORE_REPLACING) {
      this.#dictionary = new Dictionary(raw);
      this.#packsSinceReplaced = 0;
      packed = this.#encode(raw, this.#dictionary);
    }
    if (packed.length >= raw.length) return { bytes: asIs.length === raw.length ? asIs : raw.toString('latin1'), dictionary: undefined };
    return { bytes: packed, dictionary: this.#dictionary.bytes };
  }

  #encode(input: Buffer, dictionary: Dictionary): string {
    const n = input.length;
    // Worst case: every byte a literal, one token byte per 128 of them, plus the length. The
    // scratch buffer is kept for objects up to 64 KiB; a larger one gets a buffer of its own.
    const worst = n + (n >> 7) + 16;
    if (this.#scratch.length < worst && worst <= MAX_SCRATCH) this.#scratch = Buffer.allocUnsafe(MAX_SCRATCH);
    const out = worst <= this.#scratch.length ? this.#scratch : Buffer.allocUnsafe(worst);
    const d = dictionary.bytes;
    let o = 0;
    for (let v = n; ; v >>>= 7) {
      if (v < 0x80) { out[o++] = v; break; }
      out[o++] = (v & 0x7f) | 0x80;
    }
    let literalsFrom = 0;
    let i = 0;
    while (i < n) {
      let best = 0;
      let bestAt = 0;
      if (i + MIN_MATCH <= n) {
        let tries = CHAIN_TRIES;
        for (let c = dictionary.head[hash4(input, i)]!; c >= 0 && tries-- > 0; c = dictionary.prev[c]!) {
          let l = 0;
          while (i + l < n && c + l < d.length && d[c + l] === input[i + l]) l++;
          if (l > best) {
            best = l;
            bestAt = c;
          }
        }
      }
      if (best < MIN_MATCH) {
        i++;
        continue;
      }
      o = writeLiterals(input, literalsFrom, i, out, o);
      out[o++] = best - MIN_MATCH >= LONG_MATCH ? 0xff : 0x80 | (best - MIN_MATCH);
      out[o++] = bestAt & 0xff;
      out[o++] = bestAt >>> 8;
      if (best - MIN_MATCH >= LONG_MATCH) {
        const extra = best - MIN_MATCH - LONG_MATCH;
        out[o++] = extra & 0xff;
        out[o++] = extra >>> 8;
      }
      i += best;
      literalsFrom = i;
    }
    o = writeLiterals(input, literalsFrom, n, out, o);
    return out.toString('latin1', 0, o);
  }
}

/** ASCII text is its own UTF-8 bytes as latin1 characters: kept as it is, without a copy. */
function isAscii(text: string): boolean {
  return Buffer.byteLength(text) === text.length;
}

function writeLiterals(input: Buffer, from: number, to: number, out: Buffer, o: number): number {
  while (from < to) {
    const run = Math.min(128, to - from);
    out[o++] = run - 1;
    for (let k = 0; k < run; k++) out[o++] = input[from++]!;
  }
  return o;
}

/** The UTF-8 JSON that a packer's `bytes` against `dictionary` hold. */
export function unpack(packed: PackedJson): Buffer {
  const out = Buffer.allocUnsafe(unpackedLength(packed));
  unpackInto(packed, out, 0);
  return out;
}

/** How many bytes of JSON `packed` holds. */
export function unpackedLength({ bytes: s, dictionary: d }: PackedJson): number {
  if (!d) return s.length;
  let n = 0;
  for (let i = 0, shift = 0; ; shift += 7) {
    const b = s.charCodeAt(i++);
    n += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return n;
  }
}

/** Writes the JSON `packed` holds into `out` at `o`; returns where it ends. */
export function unpackInto({ bytes: s, dictionary: d }: PackedJson, out: Buffer, o: number): number {
  if (!d) return o + out.write(s, o, 'latin1');
  let i = 0;
  while (s.charCodeAt(i++) >= 0x80);
  while (i < s.length) {
    const t = s.charCodeAt(i++);
    if (t < 0x80) {
      for (const end = i + t + 1; i < end; ) out[o++] = s.charCodeAt(i++);
      continue;
    }
    let at = s.charCodeAt(i) | (s.charCodeAt(i + 1) << 8);
    let length = (t & 0x7f) + MIN_MATCH;
    i += 2;
    if (t === 0xff) {
      length += s.charCodeAt(i) | (s.charCodeAt(i + 1) << 8);
      i += 2;
    }
    // A native copy pays for itself only on longer runs.
    if (length > 48) {
      out.set(d.subarray(at, at + length), o);
      o += length;
    } else {
      for (const end = at + length; at < end; ) out[o++] = d[at++]!;
    }
  }
  return o;
}
