import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { serveUpgrades, takeOverUpgrade, upgradeOf } from './upgrade-requests.ts';
import type { Handler } from './request-context.ts';

async function withServer(handler: Handler, fn: (port: number) => Promise<void>): Promise<void> {
  const server = createServer(() => assert.fail('an upgrade request must not arrive as a plain request'));
  serveUpgrades(server, handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    await fn((server.address() as { port: number }).port);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Sends an upgrade request (and `extra` bytes after it) and collects everything until the server closes. */
async function exchange(port: number, extra: string, reply?: (socket: Socket, seen: string) => void): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(`GET /exec HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: SPDY/3.1\r\n\r\n${extra}`);
  let seen = '';
  socket.on('data', (chunk) => {
    seen += chunk.toString();
    reply?.(socket, seen);
  });
  await once(socket, 'close');
  return seen;
}

test('an upgrade request answered with an error gets an ordinary response and its connection closes', async () => {
  await withServer(
    (req, res) => {
      assert.ok(upgradeOf(req));
      res.statusCode = 400;
      res.setHeader('Content-Type', 'application/json');
      res.end('{"message":"Upgrade refused"}');
    },
    async (port) => {
      const seen = await exchange(port, '');
      assert.match(seen, /^HTTP\/1\.1 400 Bad Request\r\n/);
      assert.match(seen, /Connection: close/i);
      assert.ok(seen.endsWith('{"message":"Upgrade refused"}'));
    },
  );
});

test('a handler that takes the connection over gets the raw socket and the bytes past the head', async () => {
  let reportClosed!: (code: number) => void;
  const closed = new Promise<number>((resolve) => (reportClosed = resolve));
  await withServer(
    (req, res) => {
      res.once('close', () => reportClosed(res.statusCode));
      const taken = takeOverUpgrade(req, res)!;
      assert.equal(taken.head.toString(), 'early');
      taken.socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: SPDY/3.1\r\nConnection: Upgrade\r\n\r\n');
      taken.socket.on('data', (chunk: Buffer) => {
        taken.socket.write(`echo:${chunk}`);
        taken.socket.end();
      });
      taken.socket.once('close', () => taken.finished(101));
      // Whatever the chain writes afterwards never reaches the switched connection.
      res.end('late');
    },
    async (port) => {
      let sent = false;
      const seen = await exchange(port, 'early', (socket, text) => {
        if (!sent && text.includes('\r\n\r\n')) {
          sent = true;
          socket.write('ping');
        }
      });
      assert.equal(seen, 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: SPDY/3.1\r\nConnection: Upgrade\r\n\r\necho:ping');
      // The response reports the exchange done, with the switched status, once the connection closes.
      assert.equal(await closed, 101);
    },
  );
});
