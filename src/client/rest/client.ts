// The REST client: every request waits for a token of the --orch-api-qps/--orch-api-burst bucket,
// is encoded per --orch-api-content-type, and an unsuccessful answer becomes a StatusError. 429
// and 5xx answers with Retry-After are retried, as client-go does.
import { isNotAcceptable, isServerError, isTooManyRequests } from '../../machinery/status.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { jsonMediaType } from '../../machinery/codecs/media-types.ts';
import { realClock, sleep, type Clock } from '../clock/clock.ts';
import { TokenBucket } from '../flowcontrol/token-bucket.ts';
import type { ConnectionConfig } from '../orchconfig/types.ts';
import { acceptFor, decodeResponseBody, encodePatchBody, encodeRequestBody, type PatchContentType } from './codec.ts';
import { statusErrorFromResponse } from './errors.ts';
import { readAll, Transport } from './transport.ts';
import { decodeWatchStream, type WatchStream } from './watch-stream.ts';

const log = klog('client/rest');

export interface RestClientOptions {
  qps: number;
  burst: number;
  /** application/vnd.orch.protobuf or application/json. */
  contentType: string;
  userAgent?: string;
  clock?: Clock;
  /** Retries of 429/5xx answers that carry Retry-After (client-go: 10). */
  maxRetries?: number;
}

export interface RequestOptions {
  method?: string;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the client's content type for this request. */
  contentType?: string;
  /**
   * Labels the body as this kind of patch (for PATCH), as client-go's Patch(pt) does: the body
   * is sent as given, a string as written and an object as JSON; answers still come back in the
   * client's content type.
   */
  patchType?: PatchContentType;
}

export type { PatchContentType } from './codec.ts';

export class RestClient {
  readonly transport: Transport;
  readonly options: RestClientOptions;
  readonly rateLimiter: TokenBucket;
  private readonly clock: Clock;
  /** Paths whose watches the server would only answer as JSON. */
  private readonly jsonOnlyWatch = new Set<string>();

  constructor(connection: ConnectionConfig, options: RestClientOptions) {
    this.transport = new Transport(connection);
    this.options = options;
    this.clock = options.clock ?? realClock;
    this.rateLimiter = new TokenBucket(options.qps, options.burst, this.clock);
  }

  get host(): string {
    return this.transport.host;
  }

  private headers(contentType: string, stream = false): Record<string, string> {
    return { accept: acceptFor(contentType, stream), 'user-agent': this.options.userAgent ?? 'orch-controller-manager/v1.35.0' };
  }

  /** Sends a request and decodes the answer; throws StatusError for unsuccessful answers. */
  async request<T = Record<string, any>>(opts: RequestOptions): Promise<T> {
    const method = opts.method ?? 'GET';
    const contentType = opts.contentType ?? this.options.contentType;
    const path = withQuery(opts.path, opts.query);
    const encoded = opts.body === undefined ? undefined : opts.patchType ? encodePatchBody(opts.body, opts.patchType) : encodeRequestBody(opts.body, contentType);
    const maxRetries = this.options.maxRetries ?? 10;
    for (let attempt = 0; ; attempt++) {
      await this.rateLimiter.accept(opts.signal);
      const headers = this.headers(contentType);
      if (encoded) headers['content-type'] = encoded.contentType;
      const res = await this.transport.send({ method, path, headers, body: encoded?.data, signal: opts.signal });
      const body = await readAll(res);
      const code = res.statusCode ?? 0;
      if (code >= 200 && code < 300) return decodeResponseBody(res.headers['content-type'], body) as T;
      const err = statusErrorFromResponse(code, res.headers['content-type'], body, `${method.toLowerCase()} ${opts.path}`);
      const retryAfter = Number(res.headers['retry-after']);
      if ((isTooManyRequests(err) || isServerError(err)) && Number.isFinite(retryAfter) && retryAfter >= 0 && attempt < maxRetries) {
        log.info('Got a Retry-After response', { code, retryAfter, attempt: attempt + 1, path }, 4);
        await sleep(this.clock, retryAfter * 1000, opts.signal);
        continue;
      }
      throw err;
    }
  }

  /**
   * Opens a watch (adds watch=true). When the server will not stream protobuf for a path, the
   * watch is reopened as JSON and later watches of that path ask for JSON at once.
   */
  async watch<T = Record<string, any>>(path: string, query: Record<string, string | number | boolean | undefined>, signal?: AbortSignal): Promise<WatchStream<T>> {
    const preferred = this.jsonOnlyWatch.has(path) ? jsonMediaType : this.options.contentType;
    try {
      return await this.openWatch<T>(path, query, preferred, signal);
    } catch (err) {
      if (!isNotAcceptable(err) || preferred === jsonMediaType) throw err;
      this.jsonOnlyWatch.add(path);
      log.info('The server streams this watch only as JSON', { path }, 4);
      return this.openWatch<T>(path, query, jsonMediaType, signal);
    }
  }

  private async openWatch<T>(path: string, query: Record<string, string | number | boolean | undefined>, contentType: string, signal?: AbortSignal): Promise<WatchStream<T>> {
    await this.rateLimiter.accept(signal);
    const abort = new AbortController();
    const onAbort = () => abort.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const res = await this.transport.send({ method: 'GET', path: withQuery(path, { ...query, watch: true }), headers: this.headers(contentType, true), signal: abort.signal });
    const code = res.statusCode ?? 0;
    if (code !== 200) {
      const body = await readAll(res);
      signal?.removeEventListener('abort', onAbort);
      throw statusErrorFromResponse(code, res.headers['content-type'], body, `watch ${path}`);
    }
    res.once('close', () => signal?.removeEventListener('abort', onAbort));
    return decodeWatchStream<T>(res, abort);
  }

  close(): void {
    this.transport.close();
  }
}

export function withQuery(path: string, query?: Record<string, string | number | boolean | undefined>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}
