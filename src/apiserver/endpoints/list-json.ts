// JSON encoding of a list whose items come from the watch cache. A cached object is frozen and
// replaced, never changed, on a write, so the UTF-8 JSON of its served form is kept beside it (per
// declaration, as each version serves it differently) and a later list of the same objects copies
// the kept bytes into one buffer instead of serializing every item again. The bytes are what
// JSON.stringify of the whole list gives.
import type { ApiObject } from '../../storage/interface.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';

const itemJsonByDecl = new WeakMap<ResourceDeclaration<any, any>, WeakMap<object, Buffer>>();
const COMMA = 0x2c;
const LIST_END = Buffer.from(']}\n');

function itemJson(kept: WeakMap<object, Buffer>, item: ApiObject, stored: ApiObject): Buffer {
  // Only a frozen object is known not to change under its identity.
  if (!Object.isFrozen(stored)) return Buffer.from(JSON.stringify(item));
  let bytes = kept.get(stored);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(item));
    kept.set(stored, bytes);
  }
  return bytes;
}

/**
 * `list` as JSON with a trailing newline; `stored[i]` is the stored object `list.items[i]` was
 * served from.
 */
export function encodeJsonList(
  decl: ResourceDeclaration<any, any>,
  list: { kind: string; apiVersion: string; metadata: object; items: ApiObject[] },
  stored: readonly ApiObject[],
): Buffer {
  let kept = itemJsonByDecl.get(decl);
  if (!kept) itemJsonByDecl.set(decl, (kept = new WeakMap()));
  const head = JSON.stringify({ kind: list.kind, apiVersion: list.apiVersion, metadata: list.metadata });
  const start = Buffer.from(`${head.slice(0, -1)},"items":[`);
  const items = new Array<Buffer>(list.items.length);
  // Commas between the items, then the two ends.
  let length = start.length + Math.max(0, items.length - 1) + LIST_END.length;
  for (let i = 0; i < items.length; i++) length += (items[i] = itemJson(kept, list.items[i]!, stored[i]!)).length;
  // Joining strings and encoding the result took about twice as long as copying kept bytes.
  const out = Buffer.allocUnsafe(length);
  let at = start.copy(out, 0);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out[at++] = COMMA;
    at += items[i]!.copy(out, at);
  }
  LIST_END.copy(out, at);
  return out;
}
