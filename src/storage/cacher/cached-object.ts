// One object as the watch cache keeps it: its JSON (the object as handed out, resourceVersion
// included) in one immutable string, its revision and labels kept apart, and the decoded form
// made on demand. A decoded object of an event or a pod is dozens to hundreds of small heap
// objects, each of which the collector marks on every full collection; a string is one, which it
// does not look into. Decoded forms are shared through a weak reference: while any reader (a list
// response, a watcher's queue) still holds one, the next reader gets the same frozen object;
// once none does, the collector frees it and the next reader decodes again. The object a write
// handed in is not referenced at all: a weak reference keeps its target through young-generation
// collections, which would move every written object to the old generation for nothing.
import type { ApiObject } from '../interface.ts';
import { deepFreeze } from '../../machinery/patch/json-value.ts';

export class CachedObject<T extends ApiObject> {
  /** The object as JSON, exactly what JSON.stringify gives for its decoded form. */
  readonly json: string;
  readonly revision: number;
  /** metadata.labels, kept apart for selection without decoding (frozen, shared with the first decoded form). */
  readonly labels: Readonly<Record<string, string>> | undefined;
  private decoded: WeakRef<T> | undefined;

  private constructor(json: string, revision: number, labels: Readonly<Record<string, string>> | undefined) {
    this.json = json;
    this.revision = revision;
    this.labels = labels;
  }

  /** Keeps `obj` (as the store handed it out, frozen) at `revision`. */
  static of<T extends ApiObject>(obj: T, revision: number): CachedObject<T> {
    return new CachedObject<T>(JSON.stringify(obj), revision, obj.metadata?.labels);
  }

  /** The decoded object, frozen and possibly shared with other readers: copy it before changing it. */
  object(): T {
    const kept = this.decoded?.deref();
    if (kept) return kept;
    const obj = deepFreeze(JSON.parse(this.json) as T);
    this.decoded = new WeakRef(obj);
    return obj;
  }
}
