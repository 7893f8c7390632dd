// One HTTP/1.1 request over a connection already opened to a backend (dial.ts): the head and an
// optional body out, the response head back. A failure before the response arrives is an Error in
// Go's words (a TLS alert, a reset, EOF), for the caller to prefix as Kubernetes does.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { DialError, tlsErrorText } from './dial-errors.ts';
// Not imported: an ESM import of node:http makes Node load its fetch implementation (~50 ms of start).
const { request: httpRequest } = process.getBuiltinModule('node:http');

export interface BackendRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: Array<[string, string]>;
  body?: Readable;
  /** The backend's host, for messages about its certificate. */
  host: string;
  signal?: AbortSignal;
}

export function sendOver(socket: Socket, req: BackendRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const out = httpRequest({
      method: req.method,
      path: req.path,
      headers: req.headers.flat(),
      setHost: false,
      createConnection: () => socket,
    });
    const onAbort = () => out.destroy(new DialError('context canceled'));
    req.signal?.addEventListener('abort', onAbort, { once: true });
    out.once('response', (response) => {
      req.signal?.removeEventListener('abort', onAbort);
      // Once answered, the client's going away is the caller's to handle.
      response.once('close', () => socket.destroy());
      resolve(response);
    });
    out.once('error', (err) => {
      req.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      reject(err instanceof DialError ? err : new DialError(tlsErrorText(err, req.host)));
    });
    if (req.body) req.body.pipe(out);
    else out.end();
  });
}

/** Up to `limit` bytes of a response body, as text. */
export function readLimited(response: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      response.destroy();
      resolve(Buffer.concat(chunks).subarray(0, limit).toString('utf8'));
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) finish();
    });
    response.once('end', finish);
    response.once('error', finish);
  });
}
