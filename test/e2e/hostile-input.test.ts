// Client mistakes in query parameters and bodies: each is a 4xx with a Status naming the problem,
// never a 500, and the server keeps serving afterwards. Covers continue tokens, resourceVersion,
// limit and timeoutSeconds, bodies nested past the decoding limit, YAML aliases, malformed
// Content-Types and apply bodies of another kind.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { readFileSync } from 'node:fs';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';

let s: CoreApiserver;
before(async () => {
  s = await startCoreApiserver();
  assert.equal((await s.call('POST', '/api/v1/namespaces', { metadata: { name: 'hostile' } })).status, 201);
  for (const name of ['c1', 'c2', 'c3']) assert.equal((await s.call('POST', `${CMS}`, { metadata: { name } })).status, 201);
});
after(() => s.stop());

const CMS = '/api/v1/namespaces/hostile/configmaps';
// Events are served from the watch cache: its continue and resourceVersion paths are checked too.
const EVENTS = '/apis/events.orch.io/v1/namespaces/hostile/events';
const CORE_EVENTS = '/api/v1/namespaces/hostile/events';

async function expectStatus(method: string, path: string, code: number, message: RegExp, body?: unknown, headers?: Record<string, string>) {
  const r = await s.call(method, path, body, headers);
  assert.equal(r.status, code, `${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  assert.equal(r.body.kind, 'Status', `${method} ${path}`);
  assert.equal(r.body.code, code);
  assert.match(r.body.message, message, `${method} ${path}`);
  return r;
}

const token = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

test('bad continue tokens are a 400 naming the token, from the store and from the watch cache', async () => {
  const outside = token({ v: 'meta.k8s.io/v1', rv: 1, start: '../../secrets/hostile/x' });
  const dotted = token({ v: 'meta.k8s.io/v1', rv: 1, start: '/a/../../b' });
  for (const base of [CMS, EVENTS, CORE_EVENTS]) {
    await expectStatus('GET', `${base}?limit=1&continue=zzz`, 400, /^invalid continue token: continue key is not valid/);
    await expectStatus('GET', `${base}?limit=1&continue=${token({ v: 'other/v9', rv: 1, start: 'x' })}`, 400, /server does not recognize this encoded version/);
    await expectStatus('GET', `${base}?limit=1&continue=${outside}`, 400, /^invalid continue token: continue key is not valid: \/\.\.\/\.\.\/secrets/);
    await expectStatus('GET', `${base}?limit=1&continue=${dotted}`, 400, /continue key is not valid/);
  }
  // A token this server issued still pages.
  const page = await s.call('GET', `${CMS}?limit=1`);
  assert.equal(page.status, 200);
  assert.equal((await s.call('GET', `${CMS}?limit=1&continue=${page.body.metadata.continue}`)).status, 200);
});

test('a resourceVersion that is not an unsigned integer is a 400 on list, get and watch', async () => {
  for (const rv of ['abc', '-1', '18446744073709551616', '1e3', ' 1']) {
    const q = encodeURIComponent(rv);
    const message = /^invalid resource version: resourceVersion: Invalid value: /;
    for (const base of [CMS, EVENTS]) {
      await expectStatus('GET', `${base}?resourceVersion=${q}`, 400, message);
      await expectStatus('GET', `${base}?resourceVersion=${q}&limit=1`, 400, message);
      await expectStatus('GET', `${base}?resourceVersion=${q}&resourceVersionMatch=Exact`, 400, message);
      await expectStatus('GET', `${base}?resourceVersion=${q}&resourceVersionMatch=NotOlderThan`, 400, message);
      await expectStatus('GET', `${base}?watch=true&resourceVersion=${q}`, 400, message);
    }
    await expectStatus('GET', `${CMS}/c1?resourceVersion=${q}`, 400, message);
  }
  await expectStatus('GET', `${CMS}?resourceVersion=1&resourceVersionMatch=Sometimes`, 422, /resourceVersionMatch: Unsupported value/);
});

test('limit and timeoutSeconds are int64: beyond it a 400, within it honoured', async () => {
  for (const base of [CMS, EVENTS]) {
    await expectStatus('GET', `${base}?limit=18446744073709551616`, 400, /^invalid value for limit: .*value out of range/);
    await expectStatus('GET', `${base}?limit=-18446744073709551616`, 400, /value out of range/);
    await expectStatus('GET', `${base}?limit=ten`, 400, /invalid syntax/);
    const all = await s.call('GET', `${base}?limit=9223372036854775807`);
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.equal(all.body.metadata.continue, undefined);
    await expectStatus('GET', `${base}?watch=true&timeoutSeconds=18446744073709551616`, 400, /^invalid value for timeoutSeconds: .*value out of range/);
    await expectStatus('GET', `${base}?watch=true&timeoutSeconds=soon`, 400, /invalid syntax/);
  }
});

test('a watch with the largest timeoutSeconds stays open (its timer does not overflow to zero)', async () => {
  const { hostname, port } = new URL(s.url);
  const ended = await new Promise<boolean>((resolve, reject) => {
    const req = httpsRequest(
      {
        hostname,
        port,
        path: `${CMS}?watch=true&timeoutSeconds=9223372036854775807`,
        headers: { authorization: `Bearer ${s.token}` },
        ca: readFileSync(s.caFile),
        agent: false,
      },
      (res) => {
        assert.equal(res.statusCode, 200);
        let done = false;
        res.on('data', () => {});
        res.on('end', () => (done = true));
        res.on('error', () => {});
        setTimeout(() => {
          resolve(done);
          req.destroy();
        }, 500);
      },
    );
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.end();
  });
  assert.equal(ended, false, 'the watch ended at once');
});
