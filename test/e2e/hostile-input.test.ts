// Client mistakes in query parameters and bodies: each is a 4xx with a Status naming the problem,
// never a 500, and the server keeps serving afterwards. Covers continue tokens, resourceVersion,
// limit and timeoutSeconds, bodies nested past the decoding limit, YAML aliases, malformed
// Content-Types and apply bodies of another kind.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { readFileSync } from 'node:fs';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { MAX_DECODE_DEPTH } from '../../src/machinery/codecs/depth.ts';

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

/** `{"a":{"a":...1...}}` nested `levels` objects deep. */
function nested(levels: number, leaf = '1'): string {
  return '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);
}

/** A create body whose one managedFields entry holds `fieldsV1` (JSON text), four levels down. */
function managedFieldsBody(name: string, fieldsV1: string): string {
  return `{"metadata":{"name":"${name}","managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":${fieldsV1}}]}}`;
}

test('bad continue tokens are a 400 naming the token, from the store and from the watch cache', async () => {
  const outside = token({ v: 'meta.k8s.io/v1', rv: 1, start: '../../secrets/hostile/x' });
  const dotted = token({ v: 'meta.k8s.io/v1', rv: 1, start: '/a/../../b' });
  for (const base of [CMS, EVENTS, CORE_EVENTS]) {
    await expectStatus('GET', `${base}?limit=1&continue=zzz`, 400, /^invalid continue token: continue key is not valid/);
    await expectStatus('GET', `${base}?limit=1&continue=${token({ v: 'other/v9', rv: 1, start: 'x' })}`, 400, /server does not recognize this encoded version/);
    await expectStatus('GET', `${base}?limit=1&continue=${outside}`, 400, /^invalid continue token: continue key is not valid: \/\.\.\/\.\.\/secrets/);
    await expectStatus('GET', `${base}?limit=1&continue=${dotted}`, 400, /continue key is not valid/);
  }
  // A token from the future answers as a list at that resourceVersion does, naming the revision.
  const future = token({ v: 'meta.k8s.io/v1', rv: 99_999_999, start: 'x' });
  for (const base of [CMS, EVENTS]) {
    const r = await expectStatus('GET', `${base}?limit=1&continue=${future}`, 504, /99999999.*current:? \d+/);
    assert.equal(r.body.details.causes[0].reason, 'ResourceVersionTooLarge');
  }
  await expectStatus('GET', `${EVENTS}?resourceVersion=99999999&resourceVersionMatch=NotOlderThan`, 504, /^Too large resource version: 99999999, current: \d+$/);
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

test('bodies nested past the decoding limit are a 400; at the limit every write path survives', async () => {
  const tooDeep = /exceeded max depth of 1000/;
  for (const levels of [MAX_DECODE_DEPTH + 1, 10_001, 100_000]) {
    await expectStatus('POST', CMS, 400, tooDeep, `{"metadata":{"name":"deep"},"x":${nested(levels - 1)}}`);
    await expectStatus('POST', CMS, 400, tooDeep, `{"metadata":{"name":"deep"},"x":${'['.repeat(levels)}${']'.repeat(levels)}}`);
    await expectStatus('PUT', `${CMS}/c1`, 400, tooDeep, `{"metadata":{"name":"c1"},"x":${nested(levels - 1)}}`);
    await expectStatus('POST', CMS, 400, tooDeep, managedFieldsBody('deep', nested(levels - 4, '{}')));
    for (const [type, body] of [
      ['merge-patch+json', `{"x":${nested(levels - 1)}}`],
      ['strategic-merge-patch+json', `{"data":${nested(levels - 1)}}`],
      ['json-patch+json', `[{"op":"add","path":"/x","value":${nested(levels - 2)}}]`],
    ]) {
      await expectStatus('PATCH', `${CMS}/c1`, 400, tooDeep, body, { 'content-type': `application/${type}` });
    }
    await expectStatus('PATCH', `${CMS}/c1?fieldManager=m`, 400, /^error decoding YAML: (exceeded max depth|Maximum call stack size exceeded)/, `{"apiVersion":"v1","kind":"ConfigMap","x":${nested(levels - 1)}}`, {
      'content-type': 'application/apply-patch+yaml',
    });
  }
  await expectStatus('POST', CMS, 400, tooDeep, `metadata: {name: deep}\nx: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`, { 'content-type': 'application/yaml' });

  // Exactly at the limit: decoded, walked and answered, whatever the answer, with no 5xx.
  const atLimit = nested(MAX_DECODE_DEPTH - 2);
  const writes: Array<[string, string, string, Record<string, string>]> = [
    ['POST', CMS, `{"metadata":{"name":"at-limit"},"x":${atLimit}}`, {}],
    ['PUT', `${CMS}/c2`, `{"metadata":{"name":"c2"},"x":${atLimit}}`, {}],
    ['PATCH', `${CMS}/c2`, `{"x":${atLimit}}`, { 'content-type': 'application/merge-patch+json' }],
    ['PATCH', `${CMS}/c2`, `{"data":${atLimit}}`, { 'content-type': 'application/strategic-merge-patch+json' }],
    ['PATCH', `${CMS}/c2`, `[{"op":"add","path":"/x","value":${nested(MAX_DECODE_DEPTH - 3)}}]`, { 'content-type': 'application/json-patch+json' }],
    ['PATCH', `${CMS}/c2?fieldManager=m`, `{"apiVersion":"v1","kind":"ConfigMap","x":${atLimit}}`, { 'content-type': 'application/apply-patch+yaml' }],
    ['PATCH', `${CMS}/c2?fieldManager=m`, `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"labels":${atLimit}}}`, { 'content-type': 'application/apply-patch+yaml' }],
    ['POST', CMS, managedFieldsBody('mf', nested(MAX_DECODE_DEPTH - 5, '{}')), {}],
  ];
  for (const [method, path, body, headers] of writes) {
    const r = await s.call(method, path, body, headers);
    assert.ok(r.status < 500, `${method} ${path} at the limit: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    if (r.status >= 400) assert.equal(r.body.kind, 'Status');
  }
  assert.equal((await s.call('GET', '/readyz')).status, 200);
});

test('YAML: a recursive anchor and an alias bomb are refused with 400', async () => {
  const yaml = { 'content-type': 'application/yaml' };
  await expectStatus('POST', CMS, 400, /contains itself/, 'metadata: &m {name: loop, x: *m}\n', yaml);
  await expectStatus('POST', CMS, 400, /contains itself/, 'metadata: {name: loop}\ndata: &d {x: [*d]}\n', yaml);
  await expectStatus('PATCH', `${CMS}/c1?fieldManager=m`, 400, /^error decoding YAML: .*contains itself/, 'apiVersion: v1\nkind: ConfigMap\nmetadata: &m {name: c1, x: *m}\n', {
    'content-type': 'application/apply-patch+yaml',
  });
  const rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (const [prev, name] of [['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'e'], ['e', 'f'], ['f', 'g'], ['g', 'h']]) {
    rows.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  const bomb = `metadata: {name: lol}\n${rows.join('\n')}\n`;
  await expectStatus('POST', CMS, 400, /alias/i, bomb, yaml);
  await expectStatus('PATCH', `${CMS}/c1?fieldManager=m`, 400, /alias/i, `apiVersion: v1\nkind: ConfigMap\n${rows.join('\n')}\n`, { 'content-type': 'application/apply-patch+yaml' });
  assert.equal((await s.call('GET', `${CMS}/loop`)).status, 404);
});

test('a Content-Type that is not a media type is a 415 and creates nothing', async () => {
  for (const ct of [';', 'application/json; charset', '/json', 'application/json/x']) {
    await expectStatus('POST', CMS, 415, /the body of the request was in an unknown format/, { metadata: { name: 'ct' } }, { 'content-type': ct });
    await expectStatus('PUT', `${CMS}/c3`, 415, /unknown format/, { metadata: { name: 'c3' }, data: { x: 'y' } }, { 'content-type': ct });
  }
  await expectStatus('PATCH', `${CMS}/c3`, 415, /unknown format/, { data: { x: 'y' } }, { 'content-type': ';' });
  assert.equal((await s.call('GET', `${CMS}/ct`)).status, 404);
  assert.equal((await s.call('GET', `${CMS}/c3`)).body.data, undefined);
  // Parameters that parse are still fine.
  assert.equal((await s.call('POST', CMS, { metadata: { name: 'ct-ok' } }, { 'content-type': 'application/json; charset=utf-8' })).status, 201);
});

test('an apply body of another kind is refused at a resource path and creates nothing', async () => {
  const apply = { 'content-type': 'application/apply-patch+yaml' };
  const secrets = '/api/v1/namespaces/hostile/secrets';
  await expectStatus('PATCH', `${secrets}/s1?fieldManager=m`, 400, /^invalid object type: \/v1, Kind=List$/, { apiVersion: 'v1', kind: 'List', items: [] }, apply);
  await expectStatus('PATCH', `${secrets}/s1?fieldManager=m`, 400, /^invalid object type: \/v1, Kind=ConfigMap$/, { apiVersion: 'v1', kind: 'ConfigMap', data: { a: 'b' } }, apply);
  await expectStatus('PATCH', `${CMS}/c1?fieldManager=m`, 400, /^invalid object type: \/v1, Kind=Secret$/, { apiVersion: 'v1', kind: 'Secret' }, apply);
  assert.equal((await s.call('GET', `${secrets}/s1`)).status, 404);
  await expectStatus('POST', secrets, 400, /does not match/, { apiVersion: 'v1', kind: 'List', metadata: { name: 's2' } });
  // The right kind still applies.
  assert.equal((await s.call('PATCH', `${secrets}/s1?fieldManager=m`, { apiVersion: 'v1', kind: 'Secret', stringData: { a: 'b' } }, apply)).status, 201);
});

test('PUT of an Event without a resourceVersion creates it, then updates it unconditionally', async () => {
  const event = {
    apiVersion: 'events.orch.io/v1',
    kind: 'Event',
    metadata: { name: 'unconditional' },
    eventTime: '2024-01-01T00:00:00.000000Z',
    reportingController: 'example.com/controller',
    reportingInstance: 'instance-1',
    action: 'Probe',
    reason: 'Checked',
    type: 'Normal',
    regarding: { kind: 'Pod', name: 'x', namespace: 'hostile' },
    note: 'first',
  };
  assert.equal((await s.call('PUT', `${EVENTS}/unconditional`, event)).status, 201);
  const again = await s.call('PUT', `${EVENTS}/unconditional`, { ...event, series: { count: 2, lastObservedTime: '2024-01-01T00:01:00.000000Z' } });
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.equal(again.body.series.count, 2);
  const core = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'unconditional-core' }, involvedObject: { kind: 'Pod', name: 'x', namespace: 'hostile' }, reason: 'R', message: 'm', type: 'Normal' };
  assert.equal((await s.call('PUT', `${CORE_EVENTS}/unconditional-core`, core)).status, 201);
  assert.equal((await s.call('PUT', `${CORE_EVENTS}/unconditional-core`, { ...core, count: 3 })).status, 200);
});
