import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { serveHttp2Streams, type Http2Handler } from './http2-exchange.ts';
import { readBody } from '../../apiserver/endpoints/body.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Trailer frames the client saw after the body. */
  trailers: number;
}

async function withServer(handler: Http2Handler, fn: (session: ClientHttp2Session) => Promise<void>): Promise<void> {
  const server = createServer();
  serveHttp2Streams(server, handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const session = connect(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
  try {
    await fn(session);
  } finally {
    session.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

function ask(session: ClientHttp2Session, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, { endStream: body === undefined });
    const answer: Answer = { status: 0, headers: {}, body: '', trailers: 0 };
    stream.setEncoding('utf8');
    stream.on('response', (h) => {
      answer.status = Number(h[':status']);
      answer.headers = h;
    });
    stream.on('trailers', () => answer.trailers++);
    stream.on('data', (c: string) => (answer.body += c));
    stream.on('end', () => resolve(answer));
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
  });
}

test('a request reads like an HTTP/1.1 one and its answer is headers and a body, with no trailers', async () => {
  await withServer(
    async (req, res) => {
      const body = await readBody(req);
      res.statusCode = 201;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('X-Seen', `${req.method} ${req.url} ${req.headers['x-client']} ${req.httpVersionMajor}`);
      res.end(body.toString('utf8').toUpperCase());
    },
    async (session) => {
      const a = await ask(session, { ':method': 'POST', ':path': '/a?b=c', 'x-client': 'one' }, '{"x":1}');
      assert.equal(a.status, 201);
      assert.equal(a.headers['content-type'], 'application/json');
      assert.equal(a.headers['x-seen'], 'POST /a?b=c one 2');
      assert.ok(a.headers.date, 'a Date header is sent');
      assert.equal(a.body, '{"X":1}');
      assert.equal(a.trailers, 0);
    },
  );
});

test('headers are case-insensitive, may repeat; connection headers are dropped; an invalid name is refused', async () => {
  await withServer(
    (_req, res) => {
      res.setHeader('X-Mixed-Case', 'one');
      assert.equal(res.getHeader('x-mixed-case'), 'one');
      assert.ok(res.hasHeader('X-MIXED-CASE'));
      res.setHeader('Connection', 'close');
      assert.equal(res.hasHeader('connection'), false);
      assert.throws(() => res.setHeader('bad name', 'x'), /Header name/);
      assert.throws(() => res.setHeader('x-bad-value', 'a\nb'), /Invalid character/);
      res.setHeader('Warning', ['299 - "one"', '299 - "two"']);
      res.setHeader('x-removed', 'gone');
      res.removeHeader('X-Removed');
      res.writeHead(202, { 'X-From-WriteHead': 'two' });
      assert.throws(() => res.setHeader('x-late', 'x'), /after they are sent/);
      res.end();
    },
    async (session) => {
      const a = await ask(session, { ':path': '/' });
      assert.equal(a.status, 202);
      assert.equal(a.headers['x-mixed-case'], 'one');
      assert.equal(a.headers['x-from-writehead'], 'two');
      assert.equal(a.headers.connection, undefined);
      assert.equal(a.headers['x-removed'], undefined);
      assert.equal(a.headers.warning, '299 - "one", 299 - "two"');
      assert.equal(a.body, '');
    },
  );
});

test('a streamed answer: headers first, then chunks, then the end; a readable can be piped in; HEAD and 204 get no body', async () => {
  await withServer(
    (req, res) => {
      if (req.url === '/piped') {
        Readable.from(['piped ', Buffer.from('chunks')]).pipe(res as unknown as NodeJS.WritableStream);
        return;
      }
      if (req.url === '/empty') {
        res.statusCode = 204;
        res.end('ignored');
        return;
      }
      res.setHeader('content-type', 'text/plain');
      res.flushHeaders();
      assert.ok(res.headersSent);
      res.write('one,');
      setTimeout(() => {
        res.write(Buffer.from('two,'));
        res.end('three');
        assert.ok(res.writableEnded);
      }, 20);
    },
    async (session) => {
      const a = await ask(session, { ':path': '/stream' });
      assert.equal(a.status, 200);
      assert.equal(a.body, 'one,two,three');
      const head = await ask(session, { ':method': 'HEAD', ':path': '/stream' });
      assert.equal(head.status, 200);
      assert.equal(head.headers['content-type'], 'text/plain');
      assert.equal(head.body, '');
      const piped = await ask(session, { ':path': '/piped' });
      assert.equal(piped.body, 'piped chunks');
      const empty = await ask(session, { ':path': '/empty' });
      assert.equal(empty.status, 204);
      assert.equal(empty.body, '');
    },
  );
});

test("'close' fires once the answer is sent, and when the client resets the stream before it", async () => {
  const closed: string[] = [];
  let arrived!: () => void;
  const abandonedArrived = new Promise<void>((resolve) => (arrived = resolve));
  let reset!: () => void;
  const resetSeen = new Promise<void>((resolve) => (reset = resolve));
  await withServer(
    (req, res) => {
      res.once('close', () => {
        closed.push(`${req.url} ended=${res.writableEnded}`);
        if (req.url === '/abandoned') reset();
      });
      if (req.url === '/answered') res.end('ok');
      // '/abandoned' is never answered: only the client's reset ends it.
      else arrived();
    },
    async (session) => {
      await ask(session, { ':path': '/answered' });
      const stream = session.request({ ':path': '/abandoned' });
      stream.on('error', () => {});
      await abandonedArrived;
      stream.close();
      await resetSeen;
      assert.deepEqual(closed, ['/answered ended=true', '/abandoned ended=false']);
    },
  );
});

test('an oversized body is refused with 413 on the same stream, and the connection serves on', async () => {
  await withServer(
    async (req, res) => {
      try {
        const body = await readBody(req, 1024);
        res.end(`read ${body.length}`);
      } catch (err) {
        res.statusCode = (err as { code?: number }).code ?? 500;
        res.end('too large');
      }
    },
    async (session) => {
      const big = await ask(session, { ':method': 'POST', ':path': '/' }, Buffer.alloc(200_000, 'x'));
      assert.equal(big.status, 413);
      assert.equal(big.body, 'too large');
      const small = await ask(session, { ':method': 'POST', ':path': '/' }, 'abc');
      assert.equal(small.status, 200);
      assert.equal(small.body, 'read 3');
    },
  );
});

test('Expect: 100-continue is let through; another expectation gets 417 and CONNECT 405', async () => {
  await withServer(
    async (req, res) => res.end(`got ${(await readBody(req)).length}`),
    async (session) => {
      const continued = await ask(session, { ':method': 'POST', ':path': '/', expect: '100-continue' }, 'abcd');
      assert.equal(continued.status, 200);
      assert.equal(continued.body, 'got 4');
      const other = await ask(session, { ':method': 'POST', ':path': '/', expect: 'something-else' }, 'abcd');
      assert.equal(other.status, 417);
      const stream = session.request({ ':method': 'CONNECT', ':authority': 'example.com:443' }, { endStream: false });
      const [headers] = (await once(stream, 'response')) as [IncomingHttpHeaders];
      assert.equal(Number(headers[':status']), 405);
      stream.close();
    },
  );
});

test('once an exchange closes, its stream keeps none of the listeners the handler added, and a late stream error is still absorbed', async () => {
  const closed: Array<Promise<void>> = [];
  const streams: Array<{ listenerCount(event: string): number; emit(event: string, ...args: unknown[]): boolean }> = [];
  await withServer(
    async (req, res) => {
      const body = await readBody(req);
      let hookRan!: () => void;
      closed.push(new Promise((resolve) => (hookRan = resolve)));
      // Listeners such as end-of-request hooks hold the request; all of them still run at close.
      res.once('close', hookRan);
      req.on('end', () => undefined);
      streams.push(req.stream);
      res.end(body);
    },
    async (session) => {
      const a = await ask(session, { ':method': 'POST', ':path': '/x' }, 'payload');
      assert.equal(a.body, 'payload');
      await closed[0];
      const stream = streams[0]!;
      for (const event of ['close', 'end', 'data', 'finish']) assert.equal(stream.listenerCount(event), 0, event);
      assert.equal(stream.listenerCount('error'), 1);
      assert.doesNotThrow(() => stream.emit('error', new Error('late')));
      assert.equal((await ask(session, { ':method': 'POST', ':path': '/y' }, 'again')).body, 'again');
    },
  );
});
