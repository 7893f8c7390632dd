// JSON encoding of a list: the head, then each item's served JSON (served-json.ts: for items from
// the watch cache, mostly the bytes it keeps, copied as they are) joined into one buffer. The
// bytes are what JSON.stringify of the whole list gives.
import type { ApiObject, StoredEntry } from '../../storage/interface.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';
import { servedJson } from './served-json.ts';

const COMMA = 0x2c;
const LIST_END = Buffer.from(']}\n');

/**
 * The list `head` (kind, apiVersion, metadata) with the items served from `stored`, as JSON with
 * a trailing newline. `serve` gives an item as the client sees it; it is called only for items
 * whose served JSON is not known yet.
 */
export function encodeJsonList<S extends ApiObject>(
  decl: ResourceDeclaration<any, any>,
  head: { kind: string; apiVersion: string; metadata: object },
  stored: ReadonlyArray<StoredEntry<S>>,
  serve: (stored: S) => ApiObject,
): Buffer {
  const headJson = JSON.stringify({ kind: head.kind, apiVersion: head.apiVersion, metadata: head.metadata });
  const start = Buffer.from(`${headJson.slice(0, -1)},"items":[`);
  // An item served as the cache keeps it is unpacked straight into the list (left undefined here);
  // any other item's served bytes are made first.
  const items = new Array<Buffer | undefined>(stored.length);
  // Commas between the items, then the two ends.
  let length = start.length + Math.max(0, items.length - 1) + LIST_END.length;
  for (let i = 0; i < items.length; i++) {
    const entry = stored[i]!;
    if (entry.servedAsIs === decl && entry.writeJson) length += entry.jsonLength!;
    else length += (items[i] = servedJson(decl, entry, serve)).length;
  }
  // Joining strings and encoding the result took about twice as long as copying kept bytes, and
  // Uint8Array#set copies without Buffer#copy's argument handling.
  const out = Buffer.allocUnsafe(length);
  out.set(start, 0);
  let at = start.length;
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out[at++] = COMMA;
    const item = items[i];
    if (item === undefined) {
      at = stored[i]!.writeJson!(out, at);
    } else {
      out.set(item, at);
      at += item.length;
    }
  }
  out.set(LIST_END, at);
  return out;
}
