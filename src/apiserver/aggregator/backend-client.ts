// One HTTPS request to the server behind a remote APIService: dialled at the resolved host and
// port, TLS as transport.ts sets it up, the response head handed back with its body unread (a
// watch streams on). Errors before the response are Errors with Node's text.
import { request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { ResolvedEndpoint } from './resolver.ts';
import { hostPort } from './resolver.ts';
import type { BackendTls } from './transport.ts';

export interface BackendCall {
  method: string;
  /** Path and query. */
  path: string;
  headers: Array<[string, string]>;
  body?: Readable;
  signal?: AbortSignal;
  /** Milliseconds until the response head must have arrived; none by default. */
  timeoutMs?: number;
}

/** The URL a call goes to, for messages. */
export function backendUrl(target: ResolvedEndpoint, path: string): string {
  return `https://${hostPort(target)}${path}`;
}

export function callBackend(target: ResolvedEndpoint, tls: BackendTls, call: BackendCall): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({
      host: target.host,
      port: target.port,
      method: call.method,
      path: call.path,
      headers: call.headers.flat(),
      setHost: false,
      agent: false,
      ...tls,
      signal: call.signal,
    });
    let timer: NodeJS.Timeout | undefined;
    if (call.timeoutMs) timer = setTimeout(() => req.destroy(new Error(`timed out waiting for ${backendUrl(target, call.path)}`)), call.timeoutMs);
    req.once('response', (res) => {
      clearTimeout(timer);
      resolve(res);
    });
    req.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    if (call.body) call.body.pipe(req);
    else req.end();
  });
}

/** Reads a whole (small) response body. */
export async function readBody(res: IncomingMessage, limit = 32 << 20): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('response too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
