// HTTP/2 requests served straight from Node's core stream API, behind the small part of the
// request/response interface that the handler chain uses. Node's compatibility layer wraps every
// stream in a Readable request and a Stream response, with their own listeners, buffering and an
// empty trailers frame after each body; under API load that cost several microseconds and a few
// kilobytes of garbage per request. Here both objects are thin views of the one stream: listeners
// are registered on it, and an answer goes out as HEADERS and DATA, with no trailers.
import type { IncomingHttpHeaders, OutgoingHttpHeaders, OutgoingHttpHeader } from 'node:http';
import { constants, type Http2SecureServer, type Http2Server, type ServerHttp2Stream } from 'node:http2';
import type { TLSSocket } from 'node:tls';
// Not imported: an ESM import of node:http makes Node load its fetch implementation (~50 ms of start).
const { validateHeaderName, validateHeaderValue } = process.getBuiltinModule('node:http');

type Listener = (...args: any[]) => void;
type Callback = (err?: Error | null) => void;

// Headers that belong to an HTTP/1.1 connection; HTTP/2 forbids them, so they are dropped.
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

// Statuses that never carry a body; Node ends such a stream as soon as its headers go out.
const NO_BODY = new Set([constants.HTTP_STATUS_NO_CONTENT, constants.HTTP_STATUS_RESET_CONTENT, constants.HTTP_STATUS_NOT_MODIFIED]);

/** A write callback: ends the stream once its last body chunk is written. */
function endOnceWritten(this: ServerHttp2Stream): void {
  this.end();
}

/** Stream errors end the exchange ('close' follows); the session reports connection trouble. */
function ignoreStreamError(): void {}

/**
 * The first 'close' listener of every stream: takes the exchange's listeners off it (the others
 * still run for this event). Node frees a closed stream whose last writes are still on the socket
 * only at a full collection; until then every young-generation collection keeps it, and whatever
 * its listeners hold (the whole request), alive, and then promotes it. Under load that was most
 * of what each collection promoted.
 */
function releaseListeners(this: ServerHttp2Stream): void {
  this.removeAllListeners();
  this.on('error', ignoreStreamError);
}

/**
 * A view of the exchange's stream: both sides register their listeners on it. Handlers register
 * arrow functions, so `this` in a listener does not matter.
 */
class StreamView {
  readonly stream: ServerHttp2Stream;

  constructor(stream: ServerHttp2Stream) {
    this.stream = stream;
  }

  on(event: string, fn: Listener): this {
    this.stream.on(event, fn);
    return this;
  }

  once(event: string, fn: Listener): this {
    this.stream.once(event, fn);
    return this;
  }

  off(event: string, fn: Listener): this {
    this.stream.off(event, fn);
    return this;
  }

  removeListener(event: string, fn: Listener): this {
    return this.off(event, fn);
  }
}

/** The request side of an HTTP/2 exchange. */
export class Http2Request extends StreamView {
  readonly headers: IncomingHttpHeaders;
  readonly rawHeaders: string[];

  constructor(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, rawHeaders: string[]) {
    super(stream);
    this.headers = headers;
    this.rawHeaders = rawHeaders;
  }

  get httpVersionMajor(): number {
    return 2;
  }

  get httpVersionMinor(): number {
    return 0;
  }

  get httpVersion(): string {
    return '2.0';
  }

  get method(): string {
    return this.headers[':method'] as string;
  }

  get url(): string {
    return this.headers[':path'] as string;
  }

  /** The connection's socket (through the session, as HTTP/2 multiplexes it). */
  get socket(): TLSSocket {
    return this.stream.session?.socket as TLSSocket;
  }

  get readableEnded(): boolean {
    return this.stream.readableEnded;
  }

  get destroyed(): boolean {
    return this.stream.destroyed;
  }

  setEncoding(encoding: BufferEncoding): this {
    this.stream.setEncoding(encoding);
    return this;
  }

  resume(): this {
    this.stream.resume();
    return this;
  }

  /**
   * Stops reading the body: the rest is discarded. The stream stays open so that an answer (413
   * for an oversized body) can still be sent, as with HTTP/1.1.
   */
  destroy(): this {
    const stream = this.stream;
    stream.removeAllListeners('data');
    stream.resume();
    return this;
  }
}

/** The response side of an HTTP/2 exchange. */
export class Http2Response extends StreamView {
  statusCode = 200;
  /**
   * Names (lower case) and values, flat, with :status first: Node sends a flat list as it is,
   * where an object of headers would be copied into another one first.
   */
  private readonly headers: Array<string | OutgoingHttpHeader> = [':status', 200];
  private ending = false;

  get headersSent(): boolean {
    return this.stream.headersSent;
  }

  get writableEnded(): boolean {
    return this.ending;
  }

  get destroyed(): boolean {
    return this.stream.destroyed;
  }

  get writableNeedDrain(): boolean {
    return this.stream.writableNeedDrain;
  }

  setHeader(name: string, value: OutgoingHttpHeader): this {
    if (this.stream.headersSent) throw Object.assign(new Error('Cannot set headers after they are sent to the client'), { code: 'ERR_HTTP2_HEADERS_SENT' });
    const key = name.toLowerCase();
    if (CONNECTION_HEADERS.has(key)) return this;
    validateHeaderName(key);
    validateHeaderValue(key, value as string);
    const at = this.indexOf(key);
    if (at < 0) this.headers.push(key, value);
    else this.headers[at + 1] = value;
    return this;
  }

  getHeader(name: string): OutgoingHttpHeader | undefined {
    const at = this.indexOf(name.toLowerCase());
    return at < 0 ? undefined : (this.headers[at + 1] as OutgoingHttpHeader);
  }

  hasHeader(name: string): boolean {
    return this.indexOf(name.toLowerCase()) >= 0;
  }

  removeHeader(name: string): void {
    const at = this.indexOf(name.toLowerCase());
    if (at >= 0) this.headers.splice(at, 2);
  }

  /** Where the (lower-case) header's name sits in the flat list, -1 when it is not set. */
  private indexOf(key: string): number {
    const headers = this.headers;
    for (let i = 2; i < headers.length; i += 2) if (headers[i] === key) return i;
    return -1;
  }

  writeHead(statusCode: number, headers?: OutgoingHttpHeaders): this {
    if (this.stream.destroyed || this.stream.closed) return this;
    if (headers) for (const name of Object.keys(headers)) this.setHeader(name, headers[name] as OutgoingHttpHeader);
    this.statusCode = statusCode;
    this.respond(false);
    return this;
  }

  flushHeaders(): void {
    if (!this.stream.headersSent && !this.stream.destroyed && !this.stream.closed) this.respond(false);
  }

  write(chunk: string | Uint8Array, encoding?: BufferEncoding | Callback, cb?: Callback): boolean {
    if (typeof encoding === 'function') {
      cb = encoding;
      encoding = undefined;
    }
    const stream = this.stream;
    if (this.ending || stream.destroyed || stream.closed) {
      if (cb) process.nextTick(cb, Object.assign(new Error('write after end'), { code: 'ERR_STREAM_WRITE_AFTER_END' }));
      return false;
    }
    if (!stream.headersSent) this.respond(false);
    return stream.write(chunk, encoding ?? 'utf8', cb);
  }

  end(cb?: () => void): this;
  end(chunk: string | Uint8Array, cb?: () => void): this;
  end(chunk: string | Uint8Array, encoding: BufferEncoding, cb?: () => void): this;
  end(chunk?: string | Uint8Array | (() => void), encoding?: BufferEncoding | (() => void), cb?: () => void): this {
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      cb = encoding;
      encoding = undefined;
    }
    const stream = this.stream;
    if (this.ending) {
      if (cb) process.nextTick(cb);
      return this;
    }
    this.ending = true;
    if (cb) stream.once('close', cb);
    if (stream.destroyed || stream.closed) return this;
    const bodiless = chunk === undefined || chunk === null || chunk.length === 0 || (stream as unknown as { headRequest: boolean }).headRequest || NO_BODY.has(this.statusCode);
    if (!stream.headersSent) {
      // A body-less answer is one HEADERS frame with END_STREAM.
      if (bodiless) {
        this.respond(true);
        return this;
      }
      this.respond(false);
    }
    if (bodiless) stream.end();
    // The end goes out once the body is written. Ended together, the stream can close before
    // its write completes, and Node then builds a stream-destroyed error (stack and all) that
    // nobody reads: that cost more than the separate empty DATA frame this takes.
    else stream.write(chunk, (encoding as BufferEncoding | undefined) ?? 'utf8', endOnceWritten.bind(stream));
    return this;
  }

  destroy(err?: Error): void {
    this.stream.destroy(err);
  }

  // Events are the stream's: 'close' once the exchange is over (finished or reset), 'drain',
  // 'finish'; a readable piped in also emits and prepends on it.
  prependListener(event: string, fn: Listener): this {
    this.stream.prependListener(event, fn);
    return this;
  }

  emit(event: string, ...args: unknown[]): boolean {
    return this.stream.emit(event, ...args);
  }

  listenerCount(event: string): number {
    return this.stream.listenerCount(event);
  }

  private respond(endStream: boolean): void {
    this.headers[1] = this.statusCode;
    this.stream.respond(this.headers as unknown as OutgoingHttpHeaders, { endStream });
  }
}

export type Http2Handler = (req: Http2Request, res: Http2Response) => void;

/**
 * Serves the server's HTTP/2 streams through `handler`. HTTP/1.1 requests (allowHTTP1) still
 * arrive as 'request' events; Node sets up its compatibility layer for streams as soon as a
 * 'request' listener is added, so that listener is taken off again here.
 */
export function serveHttp2Streams(server: Http2SecureServer | Http2Server, handler: Http2Handler): void {
  server.removeAllListeners('stream');
  server.on('stream', (stream: ServerHttp2Stream, headers: IncomingHttpHeaders, _flags: number, rawHeaders: string[]) => {
    stream.on('error', ignoreStreamError);
    stream.once('close', releaseListeners);
    const req = new Http2Request(stream, headers, rawHeaders);
    const res = new Http2Response(stream);
    const method = headers[':method'];
    if (method === 'CONNECT') {
      res.statusCode = constants.HTTP_STATUS_METHOD_NOT_ALLOWED;
      res.end();
      return;
    }
    const expect = headers.expect;
    if (expect !== undefined) {
      if (expect !== '100-continue') {
        res.statusCode = constants.HTTP_STATUS_EXPECTATION_FAILED;
        res.end();
        return;
      }
      stream.additionalHeaders({ ':status': constants.HTTP_STATUS_CONTINUE });
    }
    handler(req, res);
  });
}
