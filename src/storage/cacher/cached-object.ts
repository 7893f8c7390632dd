// One object as the watch cache keeps it: its JSON in one Buffer, outside V8's heap, with its
// revision and labels kept apart, and the decoded form made only when a reader needs it. A decoded
// pod or event is dozens to hundreds of small heap objects that every full collection marks, and
// whose weight sets how far the heap grows before the next one; a Buffer's bytes are neither
// marked nor counted. Readers that send JSON copy the bytes as they are (see the endpoints'
// served-json.ts), so the common reads decode nothing.
//
// Decoded forms are shared through a weak reference: while any reader still holds one, the next
// gets the same frozen object; once none does, the collector frees it. The object a write handed
// in is not referenced: a weak reference keeps its target through young-generation collections,
// which would move every written object to the old generation for nothing.
import type { ApiObject, StoredEntry } from '../interface.ts';
import { deepFreeze } from '../../machinery/patch/json-value.ts';

export class CachedObject<T extends ApiObject> implements StoredEntry<T> {
  /** The object as UTF-8 JSON, exactly what JSON.stringify gives for its decoded form. */
  readonly json: Buffer;
  readonly revision: number;
  /** metadata.labels, kept apart so label selection decodes nothing (frozen). */
  readonly labels: Readonly<Record<string, string>> | undefined;
  /**
   * A reader's mark that its served form of this object is `json` itself (the endpoints set their
   * declaration here once they have checked), so that it need not keep a second copy.
   */
  servedAsIs: object | undefined;
  #decoded: WeakRef<T> | undefined;

  constructor(json: Buffer, revision: number, labels: Readonly<Record<string, string>> | undefined) {
    this.json = json;
    this.revision = revision;
    this.labels = labels;
  }

  /** Keeps `obj` (frozen, as the store handed it out) at `revision`. */
  static of<T extends ApiObject>(obj: T, revision: number): CachedObject<T> {
    return new CachedObject<T>(utf8(JSON.stringify(obj)), revision, obj.metadata?.labels);
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

/**
 * `text` as UTF-8 in a buffer of its own, of exactly its length. Node's shared pool would put it in
 * an 8 KiB slab beside short-lived buffers, which the slab then outlives (6.1 KB kept per 3.8 KB
 * pod); Buffer.from sizes a large string's buffer for the worst case and reports that to V8.
 */
function utf8(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const out = Buffer.allocUnsafeSlow(length);
  out.write(text, 0, length, 'utf8');
  return out;
}
