import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureLogging } from '../../component-base/logs/klog.ts';
import { notFound } from '../../machinery/status.ts';
import { withPanicRecovery } from './with-panic-recovery.ts';

const lines: string[] = [];
configureLogging({ sink: { write: (_severity, line) => void lines.push(line) } });
after(() => configureLogging({ sink: { write: (_severity, line) => void process.stderr.write(line) } }));

async function serveOnce(handler: Parameters<typeof withPanicRecovery>[0]): Promise<{ status: number; body: any }> {
  const server: Server = createServer((req, res) => void withPanicRecovery(handler)(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/pods`);
    return { status: res.status, body: await res.json() };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

test('a thrown StatusError is written as its Status', async () => {
  const r = await serveOnce(() => {
    throw notFound({ group: '', resource: 'pods' }, 'p');
  });
  assert.equal(r.status, 404);
  assert.equal(r.body.reason, 'NotFound');
});

test('an unexpected error is a 500 naming a correlation id that the log line shares with the error', async () => {
  lines.length = 0;
  const r = await serveOnce(async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'secretField')");
  });
  assert.equal(r.status, 500);
  assert.equal(r.body.reason, 'InternalError');
  const id = /\(correlation id ([0-9a-f-]{36})\)$/.exec(r.body.message)?.[1];
  assert.ok(id, r.body.message);
  assert.doesNotMatch(JSON.stringify(r.body), /secretField/);
  const logged = lines.filter((l) => l.includes(id));
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /^E.*secretField/);
});
