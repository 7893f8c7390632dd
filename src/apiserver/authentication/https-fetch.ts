// GET over HTTPS trusting a given CA bundle (or the host's roots), shaped as the WHATWG fetch
// jose expects for key sets. Used for OIDC discovery and JWKS.
import { request } from 'node:https';

const MAX_BODY = 4 << 20;
const TIMEOUT_MS = 10_000;

export interface FetchOptions {
  /** PEM bundle; the host's root set when absent. */
  ca?: string;
  signal?: AbortSignal;
}

export function httpsGet(url: string, opts: FetchOptions = {}): Promise<{ status: number; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    if (u.protocol !== 'https:') {
      reject(new Error(`${url}: only https URLs are fetched`));
      return;
    }
    const req = request(u, { method: 'GET', ca: opts.ca, headers: { accept: 'application/json' }, signal: opts.signal, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) req.destroy(new Error(`${url}: response larger than ${MAX_BODY} bytes`));
        else chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: timed out`)));
    req.on('error', reject);
    req.end();
  });
}

export async function httpsGetJson(url: string, opts: FetchOptions = {}): Promise<unknown> {
  const res = await httpsGet(url, opts);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.toString('utf8').slice(0, 200)}`);
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new Error(`${url}: response is not JSON`);
  }
}

/** A fetch for jose's createRemoteJWKSet that trusts `ca`. */
export function fetchTrusting(ca: string | undefined) {
  return async (url: string, init: { signal?: AbortSignal }): Promise<Response> => {
    const res = await httpsGet(url, { ca, signal: init.signal });
    return new Response(new Uint8Array(res.body), { status: res.status, headers: { 'content-type': res.contentType || 'application/json' } });
  };
}
