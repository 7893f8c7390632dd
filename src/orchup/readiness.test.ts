import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePki, type Pki } from './pki.ts';
import { waitForReady } from './readiness.ts';

const dir = mkdtempSync(join(tmpdir(), 'orch-ready-'));
let pki: Pki;

test.before(async () => {
  pki = await ensurePki(join(dir, 'pki'));
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

async function serve(t: { after(fn: () => Promise<void>): void }, answer: (n: number, auth: string | undefined) => [number, string]): Promise<string> {
  let n = 0;
  const server: Server = createServer(
    { cert: readFileSync(pki.files.servingCertFile), key: readFileSync(pki.files.servingKeyFile) },
    (req, res) => {
      const [status, body] = answer(++n, req.headers.authorization);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('resolves once /readyz answers ok, sending the token and trusting the CA', async (t) => {
  const seen: Array<string | undefined> = [];
  const server = await serve(t, (n, auth) => {
    seen.push(auth);
    return n < 3 ? [500, '[-]poststarthook/storage failed\nreadyz check failed'] : [200, 'ok'];
  });
  await waitForReady({ server, caPem: pki.caPem, token: 'tok' }, { timeoutMs: 5000, intervalMs: 5 });
  assert.deepEqual(seen, ['Bearer tok', 'Bearer tok', 'Bearer tok']);
});

test('gives up after the timeout, naming the last answer', async (t) => {
  const server = await serve(t, () => [500, 'readyz check failed']);
  await assert.rejects(
    waitForReady({ server, caPem: pki.caPem, token: 'tok' }, { timeoutMs: 100, intervalMs: 10 }),
    /not ready after 100ms \(HTTP 500: readyz check failed\)/,
  );
});

test('a server whose certificate the CA did not sign is never ready', async (t) => {
  const other = await ensurePki(join(dir, 'other-pki'));
  const server = await serve(t, () => [200, 'ok']);
  await assert.rejects(
    waitForReady({ server, caPem: other.caPem, token: 'tok' }, { timeoutMs: 100, intervalMs: 10 }),
    /not ready after 100ms/,
  );
});

test('stops waiting as soon as the signal aborts', async () => {
  const abort = new AbortController();
  setTimeout(() => abort.abort(new Error('orch-apiserver exited with code 1')), 30);
  const started = Date.now();
  await assert.rejects(
    waitForReady({ server: 'https://127.0.0.1:1', caPem: pki.caPem, token: 'tok' }, { timeoutMs: 10_000, intervalMs: 10, signal: abort.signal }),
    /exited with code 1/,
  );
  assert.ok(Date.now() - started < 2000);
});
