// --max-connection-bytes-per-sec on the orch-apiserver daemon as shipped: a watch that receives
// a burst of large events is paced to the limit, while an ordinary GET of the same bytes is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:https';
import { daemonDir, startDaemon, type StorageDaemon } from '../support/daemon.ts';

const LIMIT = 8000;

/** Watches until `count` events arrived; answers the bytes received and the milliseconds taken. */
function watchEvents(d: StorageDaemon, path: string, count: number): Promise<{ bytes: number; ms: number; types: string[] }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, d.url), { ca: d.ca, agent: false, headers: { authorization: `Bearer ${d.token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`watch answered ${res.statusCode}`));
      let bytes = 0;
      let text = '';
      const types: string[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        text += c.toString();
        let nl: number;
        while ((nl = text.indexOf('\n')) >= 0) {
          const line = text.slice(0, nl);
          text = text.slice(nl + 1);
          if (line.trim()) types.push(JSON.parse(line).type);
        }
        if (types.length >= count) {
          resolve({ bytes, ms: performance.now() - started, types });
          req.destroy();
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
    req.end();
  });
}

test('a watch burst is paced to --max-connection-bytes-per-sec; a GET is not', async (t) => {
  const d = await startDaemon(t, daemonDir(t), [`--max-connection-bytes-per-sec=${LIMIT}`]);
  const objects = 6;
  for (let i = 0; i < objects; i++) {
    const created = await d.call('POST', '/api/v1/namespaces/default/configmaps', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `burst-${i}`, labels: { burst: 'yes' } },
      data: { payload: 'x'.repeat(4000) },
    });
    assert.equal(created.status, 201, created.text);
  }

  // An ordinary list of the same objects is answered at once.
  const getStarted = performance.now();
  const list = await d.call('GET', '/api/v1/namespaces/default/configmaps?labelSelector=burst%3Dyes');
  const getMs = performance.now() - getStarted;
  assert.equal(list.status, 200);
  assert.equal(list.body.items.length, objects);
  assert.ok(Buffer.byteLength(list.text) > 3 * LIMIT, 'the list is larger than three seconds of the limit');
  assert.ok(getMs < 1000, `GET took ${getMs.toFixed(0)} ms`);

  // The watch starts with every object as ADDED: a burst the bucket (one second of bytes) cannot hold.
  const watch = await watchEvents(d, '/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=0&labelSelector=burst%3Dyes', objects);
  assert.deepEqual(watch.types, Array(objects).fill('ADDED'));
  const floorMs = ((watch.bytes - LIMIT) / LIMIT) * 1000;
  t.diagnostic(`watch: ${watch.bytes} bytes in ${watch.ms.toFixed(0)} ms (floor ${floorMs.toFixed(0)} ms); GET: ${Buffer.byteLength(list.text)} bytes in ${getMs.toFixed(0)} ms`);
  assert.ok(floorMs > 1500, `burst of ${watch.bytes} bytes`);
  assert.ok(watch.ms >= floorMs - 50, `watch took ${watch.ms.toFixed(0)} ms for ${watch.bytes} bytes, want at least ${floorMs.toFixed(0)} ms`);
  assert.ok(watch.ms < floorMs + 3000, `watch took ${watch.ms.toFixed(0)} ms, far slower than the limit`);
});
