// JSON encoding of a list whose items come from the watch cache. A cached object is frozen and
// replaced, never changed, on a write, so the UTF-8 JSON of its served form is kept beside it (per
// declaration, as each version serves it differently) and a later list of the same objects copies
// the kept bytes into one buffer instead of serving and serializing every item again. The bytes
// are what JSON.stringify of the whole list gives.
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';

const itemJsonByDecl = new WeakMap<ResourceDeclaration<any, any>, WeakMap<object, Buffer>>();
const COMMA = 0x2c;
const LIST_END = Buffer.from(']}\n');

function itemJson<S extends ApiObject>(kept: WeakMap<object, Buffer>, stored: S, serve: (stored: S) => ApiObject): Buffer {
  // Only a frozen object is known not to change under its identity.
  if (!Object.isFrozen(stored)) return Buffer.from(JSON.stringify(serve(stored)));
  let bytes = kept.get(stored);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(serve(stored)));
    kept.set(stored, bytes);
  }
  return bytes;
}

/**
 * The list `head` (kind, apiVersion, metadata) with the items served from `stored`, as JSON with
 * a trailing newline. `serve` gives an item as the client sees it; it is called only for items
 * whose JSON is not kept.
 */
export function encodeJsonList<S extends ApiObject>(
  decl: ResourceDeclaration<any, any>,
  head: { kind: string; apiVersion: string; metadata: object },
  stored: readonly S[],
  serve: (stored: S) => ApiObject,
): Buffer {
  let kept = itemJsonByDecl.get(decl);
  if (!kept) itemJsonByDecl.set(decl, (kept = new WeakMap()));
  const headJson = JSON.stringify({ kind: head.kind, apiVersion: head.apiVersion, metadata: head.metadata });
  const start = Buffer.from(`${headJson.slice(0, -1)},"items":[`);
  const items = new Array<Buffer>(stored.length);
  // Commas between the items, then the two ends.
  let length = start.length + Math.max(0, items.length - 1) + LIST_END.length;
  for (let i = 0; i < items.length; i++) length += (items[i] = itemJson(kept, stored[i]!, serve)).length;
  // Joining strings and encoding the result took about twice as long as copying kept bytes, and
  // Uint8Array#set copies without Buffer#copy's argument handling.
  const out = Buffer.allocUnsafe(length);
  out.set(start, 0);
  let at = start.length;
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out[at++] = COMMA;
    out.set(items[i]!, at);
    at += items[i]!.length;
  }
  out.set(LIST_END, at);
  return out;
}
