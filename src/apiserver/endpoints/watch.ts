// Watch streaming: JSON lines or protobuf frames over a chunked response, until the
// client goes away, the request's signal aborts (shutdown) or the watch times out.
import type { ApiObject, Watcher, WatchEvent } from '../../storage/interface.ts';
import type { Request, Response } from '../../component-base/serving/request-context.ts';
import { isBadRequest, type Status } from '../../machinery/status.ts';
import { klog } from '../../component-base/logs/klog.ts';
import type { ResourceDeclaration } from '../registry/resource.ts';
import { apiVersionOf } from '../registry/resource.ts';
import { served, servedForReading } from '../registry/generic/context.ts';
import { jsonMediaType } from '../../machinery/codecs/media-types.ts';
import { servedJson } from './served-json.ts';
import { interpretStorageError } from '../registry/generic/storage-errors.ts';
import { toTable, type IncludeObject } from './table.ts';
import type { OutputChoice } from './negotiation.ts';
import { encodeWatchFrame } from '../../machinery/codecs/watch-frame.ts';

const log = klog('endpoints/watch');

/** The longest delay setTimeout honours (2^31-1 ms, about 24.8 days). */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export interface WatchStreamOptions {
  decl: ResourceDeclaration<any, any>;
  /** Opens the storage watch; may throw a StorageError (e.g. too old). */
  open: () => Promise<Watcher<ApiObject>>;
  output: OutputChoice;
  includeObject: IncludeObject;
  allowBookmarks: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
  requestedResourceVersion: string;
  storeName?: string;
}

/**
 * Encoded frames of the latest changes, keyed by the cache entry (or the object), so watchers of
 * one change share the work. A few per declaration, not one per entry: entries live as long as
 * their objects do, and a frame kept for each would undo the cache's compression.
 */
const encodedByDecl = new WeakMap<object, Map<object, { type: string; mediaType: string; frame: Buffer }>>();
const FRAMES_KEPT = 1024;

function frame(opts: WatchStreamOptions, type: string, object: object): Buffer {
  return encodeWatchFrame(opts.output.mediaType, { type, object: object as Record<string, unknown> });
}

const FRAME_END = Buffer.from('}\n');

/** A JSON watch line around an object's served JSON: what encodeWatchFrame gives, without decoding it. */
function jsonFrame(type: string, object: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`{"type":${JSON.stringify(type)},"object":`), object, FRAME_END]);
}

function encodeEvent(decl: ResourceDeclaration<any, any>, ev: WatchEvent<ApiObject>, opts: WatchStreamOptions, first: boolean): Buffer {
  if (ev.type === 'ERROR') return frame(opts, 'ERROR', ev.object);
  if (ev.type === 'BOOKMARK') {
    const meta = ev.object.metadata ?? {};
    const object: ApiObject = { kind: decl.kind, apiVersion: apiVersionOf(decl), metadata: { resourceVersion: meta.resourceVersion } };
    if (meta.annotations) object.metadata.annotations = meta.annotations;
    return frame(opts, 'BOOKMARK', object);
  }
  if (opts.output.as === 'Table') {
    const obj = served(decl, ev.object);
    const table = toTable(decl, [obj], { resourceVersion: obj.metadata.resourceVersion }, opts.output.asApiVersion!, opts.includeObject, first);
    return frame(opts, ev.type, table);
  }
  let cache = encodedByDecl.get(decl);
  if (!cache) encodedByDecl.set(decl, (cache = new Map()));
  const key = (ev.entry ?? ev.object) as object;
  const hit = cache.get(key);
  if (hit && hit.type === ev.type && hit.mediaType === opts.output.mediaType) return hit.frame;
  const encoded = ev.entry && opts.output.mediaType === jsonMediaType
    ? jsonFrame(ev.type, servedJson(decl, ev.entry, (s) => servedForReading(decl, s), false))
    : frame(opts, ev.type, served(decl, ev.object));
  if (cache.size >= FRAMES_KEPT) cache.delete(cache.keys().next().value!);
  cache.set(key, { type: ev.type, mediaType: opts.output.mediaType, frame: encoded });
  return encoded;
}

function errorFrame(opts: WatchStreamOptions, status: Status): Buffer {
  return frame(opts, 'ERROR', status);
}

export async function serveWatch(req: Request, response: Response, opts: WatchStreamOptions): Promise<void> {
  // Both HTTP/1.1 and HTTP/2 responses stream through the same calls.
  const res = response as import('node:http').ServerResponse;
  let opened: Watcher<ApiObject> | undefined;
  let status: Status | undefined;
  try {
    opened = await opts.open();
  } catch (err) {
    const statusError = interpretStorageError(err, {
      resource: { group: opts.decl.group, resource: opts.decl.plural },
      requestedResourceVersion: opts.requestedResourceVersion,
      storeName: opts.storeName,
    });
    // A malformed request (a resourceVersion that does not parse) is refused before any stream.
    if (isBadRequest(statusError)) throw statusError;
    status = statusError.status;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', opts.output.contentType);
  res.setHeader('Cache-Control', 'no-cache, private');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (!opened) {
    // Kubernetes answers a watch from a compacted revision with 200 and one ERROR event.
    res.end(errorFrame(opts, status!));
    return;
  }
  const watcher = opened;
  (res as { flushHeaders?: () => void }).flushHeaders?.();
  let ended = false;
  const stop = () => {
    if (ended) return;
    ended = true;
    watcher.stop();
  };
  // A timer longer than Node's 32-bit limit would fire at once: a huge timeoutSeconds means "long".
  const timer = setTimeout(stop, Math.min(opts.timeoutMs, MAX_TIMER_DELAY_MS));
  timer.unref?.();
  (req as NodeJS.EventEmitter).once('close', stop);
  (res as NodeJS.EventEmitter).once('close', stop);
  opts.signal?.addEventListener('abort', stop, { once: true });
  let first = true;
  try {
    for await (const ev of watcher) {
      if (ended) break;
      if (ev.type === 'BOOKMARK' && !opts.allowBookmarks) continue;
      const encoded = encodeEvent(opts.decl, ev, opts, first);
      if (ev.type !== 'BOOKMARK') first = false;
      if (!res.write(encoded)) await waitDrain(res);
      if (ev.type === 'ERROR') break;
    }
  } catch (err) {
    if (!ended) {
      const status = interpretStorageError(err, { resource: { group: opts.decl.group, resource: opts.decl.plural }, storeName: opts.storeName }).status;
      log.info('watch ended with an error', { err: String(err) }, 2);
      if (!res.writableEnded) res.write(errorFrame(opts, status));
    }
  } finally {
    clearTimeout(timer);
    stop();
    opts.signal?.removeEventListener('abort', stop);
    if (!res.writableEnded) res.end();
  }
}

function waitDrain(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      emitter.off('drain', done);
      emitter.off('close', done);
      resolve();
    };
    const emitter = res as NodeJS.EventEmitter;
    emitter.once('drain', done);
    emitter.once('close', done);
  });
}
