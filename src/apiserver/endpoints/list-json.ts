// JSON encoding of a list whose items come from the watch cache. A cached object is frozen and
// replaced, never changed, on a write, so the JSON of its served form is kept beside it (per
// declaration, as each version serves it differently) and a later list of the same objects joins
// the kept texts instead of serializing every item again. The bytes are what JSON.stringify of
// the whole list gives.
import type { ApiObject } from '../../storage/interface.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';

const itemJsonByDecl = new WeakMap<ResourceDeclaration<any, any>, WeakMap<object, string>>();

function itemJson(decl: ResourceDeclaration<any, any>, item: ApiObject, stored: ApiObject): string {
  // Only a frozen object is known not to change under its identity.
  if (!Object.isFrozen(stored)) return JSON.stringify(item);
  let kept = itemJsonByDecl.get(decl);
  if (!kept) itemJsonByDecl.set(decl, (kept = new WeakMap()));
  let text = kept.get(stored);
  if (text === undefined) {
    text = JSON.stringify(item);
    kept.set(stored, text);
  }
  return text;
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
  const head = JSON.stringify({ kind: list.kind, apiVersion: list.apiVersion, metadata: list.metadata });
  const items = new Array<string>(list.items.length);
  for (let i = 0; i < items.length; i++) items[i] = itemJson(decl, list.items[i]!, stored[i]!);
  return Buffer.from(`${head.slice(0, -1)},"items":[${items.join(',')}]}\n`);
}
