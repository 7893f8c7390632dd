// The UTF-8 JSON of an object as one declaration serves it, from the entry storage read. The watch
// cache keeps each object's JSON (packed) and replaces, never changes, an entry on a write, so the
// served form is worked out once per entry and declaration: when it is the kept JSON itself (the
// usual case: a declaration serving its storage version) the entry is marked and its JSON is sent
// as it is; otherwise (another version, or a Kubernetes group name) the served JSON is kept beside
// the entry while it lives. Entries the store decoded carry no JSON and are serialized.
import type { ApiObject, StoredEntry } from '../../storage/interface.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';

/** Kept for an entry whose served form is its JSON, when another declaration has the entry's mark. */
const SAME = true;

const keptByDecl = new WeakMap<ResourceDeclaration<any, any>, WeakMap<object, Buffer | typeof SAME>>();

/**
 * The entry's served JSON; `serve` gives the object as clients see it and is called only when
 * needed. With keep false a served form unlike the kept JSON is made but not kept (a watch
 * sends each change once; keeping it would hold a copy of every object ever watched).
 */
export function servedJson<S extends ApiObject>(decl: ResourceDeclaration<any, any>, entry: StoredEntry<S>, serve: (stored: S) => ApiObject, keep = true): Buffer {
  if (entry.servedAsIs === decl) return entry.json as Buffer;
  let kept = keptByDecl.get(decl);
  if (!kept) keptByDecl.set(decl, (kept = new WeakMap()));
  const known = kept.get(entry);
  if (known === SAME) return entry.json as Buffer;
  if (known !== undefined) return known;
  const json = entry.json;
  const bytes = Buffer.from(JSON.stringify(serve(entry.object())));
  if (json === undefined) return bytes;
  if (Buffer.compare(bytes, json) === 0) {
    if (entry.servedAsIs === undefined) entry.servedAsIs = decl;
    else kept.set(entry, SAME);
    return json as Buffer;
  }
  if (keep) kept.set(entry, bytes);
  return bytes;
}
