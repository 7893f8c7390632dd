import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import { requestContext, type Handler } from '../../component-base/serving/request-context.ts';
import { TokenBucket, withConnectionThrottle } from './with-connection-throttle.ts';

test('the bucket holds one second of bytes and refills at the rate', () => {
  let now = 0;
  const bucket = new TokenBucket(1000, () => now);
  assert.equal(bucket.take(600), 0);
  assert.equal(bucket.take(600), 200, 'waits for the 200 bytes it lacks');
  now = 200;
  assert.equal(bucket.take(600), 0);
  // A write larger than the bucket waits for a full bucket, then overdraws it.
  assert.equal(bucket.take(5000), 1000);
  now = 1200;
  assert.equal(bucket.take(5000), 0);
  now = 2200;
  assert.equal(bucket.take(1), 3001, 'the overdraft is paid back first');
});

async function serve(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

function fetchTimed(url: string): Promise<{ body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ body, ms: performance.now() - started }));
    })
      .on('error', reject)
      .end();
  });
}

test('long-running responses are paced, in order, honouring back-pressure; others are not', async (t) => {
  const chunk = 'y'.repeat(2000);
  const inner: Handler = async (_req, response) => {
    const res = response as ServerResponse;
    res.statusCode = 200;
    for (let i = 0; i < 5; i++) {
      if (!res.write(`${i}${chunk}\n`)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end('done');
  };
  const handler = withConnectionThrottle(inner, { bytesPerSec: 4000 });
  const { server, url } = await serve((req, res) => {
    requestContext(req).longRunning = req.url === '/watch';
    return handler(req, res);
  });
  t.after(() => server.close());

  const watched = await fetchTimed(`${url}/watch`);
  assert.deepEqual(watched.body.split('\n').map((l) => l[0]), ['0', '1', '2', '3', '4', 'd']);
  // 10 KB at 4 KB/s with a 4 KB bucket: at least 1.5 s.
  assert.ok(watched.ms >= 1450, `watch took ${watched.ms.toFixed(0)} ms`);
  const plain = await fetchTimed(`${url}/get`);
  assert.equal(plain.body.length, watched.body.length);
  assert.ok(plain.ms < 500, `GET took ${plain.ms.toFixed(0)} ms`);
  assert.equal(withConnectionThrottle(inner, { bytesPerSec: 0 }), inner, 'no limit, no wrapper');
});
