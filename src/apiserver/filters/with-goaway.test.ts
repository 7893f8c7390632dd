import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect } from 'node:http2';
import { withGoaway } from './with-goaway.ts';
import { serveHttp2Streams } from '../../component-base/serving/http2-exchange.ts';

test('a chosen HTTP/2 request is answered, then its connection gets GOAWAY', async () => {
  let pick = true;
  const handler = withGoaway((_req, res) => void res.end('ok'), { chance: 0.5, random: () => (pick ? 0 : 1) });
  const server = createServer();
  serveHttp2Streams(server, (req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  try {
    const get = (session: ReturnType<typeof connect>) =>
      new Promise<string>((resolve, reject) => {
        const req = session.request({ ':path': '/' });
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (c: string) => (body += c));
        req.on('end', () => resolve(body));
        req.on('error', reject);
      });
    pick = false;
    const kept = connect(`http://127.0.0.1:${port}`);
    assert.equal(await get(kept), 'ok');
    pick = true;
    const chosen = connect(`http://127.0.0.1:${port}`);
    const goaway = new Promise<void>((resolve) => chosen.once('goaway', () => resolve()));
    assert.equal(await get(chosen), 'ok', 'the request itself completes');
    await goaway;
    assert.equal(kept.closed, false, 'other connections are untouched');
    kept.close();
    chosen.close();
  } finally {
    server.close();
  }
});
