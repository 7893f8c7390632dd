// Watch stream decoding over a real HTTP connection: protobuf frames split across chunks, JSON
// lines, and a stream that breaks mid-frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { encodeWatchFrame } from '../../machinery/codecs/watch-frame.ts';
import { testEvent } from '../../../test/support/events-apiserver.ts';
import { decodeWatchStream, type WatchEvent } from './watch-stream.ts';

function event(name: string, resourceVersion: string) {
  const e = testEvent(name);
  e.metadata.resourceVersion = resourceVersion;
  return e;
}

async function serve(contentType: string, chunks: Buffer[], end = true): Promise<{ server: Server; res: IncomingMessage }> {
  const server = createServer(async (_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    for (const c of chunks) {
      res.write(c);
      await new Promise((r) => setTimeout(r, 5));
    }
    if (end) res.end();
    else res.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const res = await new Promise<IncomingMessage>((resolve, reject) => request(`http://127.0.0.1:${port}/`, resolve).on('error', reject).end());
  return { server, res };
}

async function collect(stream: AsyncIterable<WatchEvent>): Promise<string[]> {
  const out: string[] = [];
  for await (const e of stream) out.push(`${e.type} ${e.object.metadata.name} ${e.object.metadata.resourceVersion}`);
  return out;
}

test('protobuf frames are decoded even when split across chunks', async () => {
  const frames = Buffer.concat([
    encodeWatchFrame('application/vnd.orch.protobuf', { type: 'ADDED', object: event('a', '5') }),
    encodeWatchFrame('application/vnd.orch.protobuf', { type: 'MODIFIED', object: event('a', '6') }),
    encodeWatchFrame('application/vnd.orch.protobuf', { type: 'DELETED', object: event('b', '7') }),
  ]);
  const cuts = [3, 40, frames.length - 10];
  const chunks = [frames.subarray(0, cuts[0]), frames.subarray(cuts[0], cuts[1]), frames.subarray(cuts[1], cuts[2]), frames.subarray(cuts[2])];
  const { server, res } = await serve('application/vnd.orch.protobuf;stream=watch', chunks);
  assert.deepEqual(await collect(decodeWatchStream(res, new AbortController())), ['ADDED a 5', 'MODIFIED a 6', 'DELETED b 7']);
  server.close();
});

test('JSON lines are decoded, a line split across chunks included', async () => {
  const text = `${JSON.stringify({ type: 'ADDED', object: event('a', '1') })}\n${JSON.stringify({ type: 'BOOKMARK', object: { metadata: { name: '', resourceVersion: '9' } } })}\n`;
  const { server, res } = await serve('application/json', [Buffer.from(text.slice(0, 17)), Buffer.from(text.slice(17))]);
  assert.deepEqual(await collect(decodeWatchStream(res, new AbortController())), ['ADDED a 1', 'BOOKMARK  9']);
  server.close();
});

test('garbage in the stream ends iteration with an error naming the problem', async () => {
  const { server, res } = await serve('application/json', [Buffer.from('{"type":"ADDED","object":{"metadata":{"name":"a"}}}\nnot json\n')]);
  await assert.rejects(collect(decodeWatchStream(res, new AbortController())), /unable to decode a watch event/);
  server.close();
});

test('stop() ends an open stream', async () => {
  const { server, res } = await serve('application/json', [Buffer.from(`${JSON.stringify({ type: 'ADDED', object: event('a', '1') })}\n`)], false);
  const stream = decodeWatchStream(res, new AbortController());
  const seen: string[] = [];
  for await (const e of stream) {
    seen.push(e.type);
    stream.stop();
  }
  assert.deepEqual(seen, ['ADDED']);
  server.close();
});
