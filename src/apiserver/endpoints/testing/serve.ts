// Test harness: the API handler behind the real request-info filter on a plain HTTP server on
// port 0, over a real SQLite store in a temp dir.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openSqliteKv } from '../../../storage/kv/sqlite/index.ts';
import { createStore } from '../../../storage/store.ts';
import { codecFor } from '../../../storage/codecs/index.ts';
import type { ApiObject, Store } from '../../../storage/interface.ts';
import type { Kv } from '../../../storage/kv/interface.ts';
import { withRequestInfo } from '../../filters/with-request-info.ts';
import { buildApiHandler, type ApiHandlerOptions, type InstalledResource } from '../installer.ts';

export interface TestServer {
  url: string;
  store: Store<ApiObject>;
  request(method: string, path: string, opts?: { body?: unknown; headers?: Record<string, string> }): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

export async function startTestServer(
  makeResources: (store: Store<ApiObject>) => InstalledResource<any, any>[],
  extra: Omit<ApiHandlerOptions, 'resources'> = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'orch-endpoints-'));
  const kv: Kv = await openSqliteKv(join(dir, 'db.sqlite'));
  const store = createStore<ApiObject>({ kv, codec: codecFor('application/json'), groupResource: { group: '', resource: 'test' } });
  const handler = withRequestInfo(buildApiHandler({ resources: makeResources(store), ...extra }));
  const server: Server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    store,
    request(method, path, opts = {}) {
      return new Promise((resolve, reject) => {
        const headers: Record<string, string> = { ...opts.headers };
        let payload: string | Buffer | undefined;
        if (opts.body !== undefined) {
          payload = typeof opts.body === 'string' || Buffer.isBuffer(opts.body) ? opts.body : JSON.stringify(opts.body);
          headers['content-type'] ??= 'application/json';
          headers['content-length'] = String(Buffer.byteLength(payload));
        }
        const req = httpRequest(`${url}${path}`, { method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
          });
        });
        req.on('error', reject);
        req.end(payload);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
      await kv.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens a watch and collects parsed events until `count` arrive (or the stream ends). */
export function collectWatch(url: string, count: number, timeoutMs = 5000): Promise<{ status: number; events: any[] }> {
  return new Promise((resolve, reject) => {
    const events: any[] = [];
    const req = httpRequest(url, { agent: false }, (res) => {
      let buf = '';
      const finish = () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, events });
      };
      const timer = setTimeout(finish, timeoutMs);
      res.on('data', (c: Buffer) => {
        buf += c.toString('utf8');
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          if (line.trim()) events.push(JSON.parse(line));
          if (events.length >= count) return finish();
        }
      });
      res.on('end', finish);
      res.on('error', () => finish());
    });
    req.on('error', reject);
    req.end();
  });
}
