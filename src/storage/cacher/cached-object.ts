// One object as the watch cache keeps it: its JSON, compressed (json-packer.ts), with its revision
// and labels kept apart, and the decoded form made only when a reader needs it. A decoded pod or
// event is dozens to hundreds of small heap objects that every full collection marks, and whose
// weight sets how far the heap grows before the next one; one string of packed bytes is a single
// object the collector never looks into. Readers that send JSON send the unpacked bytes as they
// are (see the endpoints' served-json.ts), so the common reads never decode.
//
// Decoded forms are shared through a weak reference: while any reader still holds one, the next
// gets the same frozen object; once none does, the collector frees it. The object a write handed
// in is not referenced: a weak reference keeps its target through young-generation collections,
// which would move every written object to the old generation for nothing.
import type { ApiObject, StoredEntry } from '../interface.ts';
import { deepFreeze } from '../../machinery/patch/json-value.ts';
import { unpack, unpackedLength, unpackInto, type JsonPacker, type PackedJson } from './json-packer.ts';

export class CachedObject<T extends ApiObject> implements StoredEntry<T>, PackedJson {
  readonly revision: number;
  /** metadata.labels, kept apart so label selection decodes nothing (frozen). */
  readonly labels: Readonly<Record<string, string>> | undefined;
  /**
   * A reader's mark that its served form of this object is `json` itself (the endpoints set their
   * declaration here once they have checked), so that it need not keep a second copy.
   */
  servedAsIs: object | undefined;
  /**
   * The packed JSON (json-packer.ts); fields of the entry itself rather than an object of their own.
   * Set once more only by packLater, which changes how the same JSON is kept.
   */
  bytes: string;
  dictionary: Buffer | undefined;
  #decoded: WeakRef<T> | undefined;

  constructor(packed: PackedJson, revision: number, labels: Readonly<Record<string, string>> | undefined) {
    this.bytes = packed.bytes;
    this.dictionary = packed.dictionary;
    this.revision = revision;
    this.labels = labels;
  }

  /** Keeps `obj` (frozen, as the store handed it out) at `revision`, packed by `packer` now or, with `later`, by packLater. */
  static of<T extends ApiObject>(obj: T, revision: number, packer: JsonPacker, later = false): CachedObject<T> {
    const json = JSON.stringify(obj);
    return new CachedObject<T>(later ? packer.unpacked(json) : packer.pack(json), revision, obj.metadata?.labels);
  }

  /** Packs what `of` kept unpacked. */
  packLater(packer: JsonPacker): void {
    const packed = packer.repack(this);
    this.bytes = packed.bytes;
    this.dictionary = packed.dictionary;
  }

  /** The object as UTF-8 JSON, exactly what JSON.stringify gives for its decoded form. */
  get json(): Buffer {
    return unpack(this);
  }

  get jsonLength(): number {
    return unpackedLength(this);
  }

  writeJson(out: Buffer, at: number): number {
    return unpackInto(this, out, at);
  }

  /** The decoded object, frozen and possibly shared with other readers. */
  object(): T {
    const kept = this.#decoded?.deref();
    if (kept) return kept;
    const obj = deepFreeze(JSON.parse(this.json.toString()) as T);
    this.#decoded = new WeakRef(obj);
    return obj;
  }
}
