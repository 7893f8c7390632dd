import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onResponseDone } from './response-done.ts';

async function withServer(handle: Parameters<typeof createServer>[1], run: (port: number) => Promise<void>): Promise<void> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run((server.address() as AddressInfo).port);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

test('every hook runs once when the response has finished, in registration order, past a hook that throws', async () => {
  const ran: string[] = [];
  let allRan!: () => void;
  const done = new Promise<void>((resolve) => (allRan = resolve));
  await withServer(
    (_req, res) => {
      onResponseDone(res, () => ran.push('first'));
      onResponseDone(res, () => {
        throw new Error('broken hook');
      });
      onResponseDone(res, () => {
        ran.push('last');
        allRan();
      });
      res.end('ok');
    },
    async (port) => {
      await new Promise<void>((resolve) => request({ port, host: '127.0.0.1' }, (res) => res.resume().on('end', resolve)).end());
      await done;
    },
  );
  assert.deepEqual(ran, ['first', 'last']);
});

test('hooks run when the client goes away before the response is written', async () => {
  let ranFor: () => void;
  const ran = new Promise<void>((resolve) => (ranFor = resolve));
  await withServer(
    (_req, res) => onResponseDone(res, () => ranFor()),
    async (port) => {
      const req = request({ port, host: '127.0.0.1' });
      req.on('error', () => {});
      req.end();
      await new Promise((resolve) => setTimeout(resolve, 50));
      req.destroy();
      await ran;
    },
  );
});
