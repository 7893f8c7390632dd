// ConfigMaps over raw HTTP: data and base64 binaryData, key rules, the 1 MiB limit, immutability,
// and the extension-apiserver-authentication config map written at start-up.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { sharedCertDirectory } from '../support/apiserver.ts';

let s: CoreApiserver;
let caFile: string;
before(async () => {
  caFile = join(await sharedCertDirectory(), 'apiserver.crt');
  s = await startCoreApiserver({
    'client-ca-file': caFile,
    'requestheader-client-ca-file': caFile,
    'requestheader-allowed-names': ['front-proxy-client'],
    'requestheader-username-headers': ['X-Remote-User'],
    'requestheader-group-headers': ['X-Remote-Group'],
    'requestheader-extra-headers-prefix': ['X-Remote-Extra-'],
  });
});
after(() => s.stop());

const CMS = '/api/v1/namespaces/default/configmaps';
const MERGE = { 'content-type': 'application/merge-patch+json' };

test('extension-apiserver-authentication carries the client CA and the request-header settings', async () => {
  const r = await s.call('GET', '/api/v1/namespaces/orch-system/configmaps/extension-apiserver-authentication');
  assert.equal(r.status, 200);
  const pem = readFileSync(caFile, 'utf8');
  assert.equal(r.body.data['client-ca-file'], pem);
  assert.equal(r.body.data['requestheader-client-ca-file'], pem);
  assert.equal(r.body.data['requestheader-allowed-names'], '["front-proxy-client"]');
  assert.equal(r.body.data['requestheader-username-headers'], '["X-Remote-User"]');
  assert.equal(r.body.data['requestheader-group-headers'], '["X-Remote-Group"]');
  assert.equal(r.body.data['requestheader-extra-headers-prefix'], '["X-Remote-Extra-"]');
  assert.equal(r.body.data['requestheader-uid-headers'], '[]');
});

test('data and base64 binaryData round-trip; the table counts keys of both', async () => {
  const r = await s.call('POST', CMS, { metadata: { name: 'both' }, data: { 'app.properties': 'a=1\n' }, binaryData: { 'logo.bin': Buffer.from([0, 1, 2, 255]).toString('base64') } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  const got = (await s.call('GET', `${CMS}/both`)).body;
  assert.equal(Buffer.from(got.binaryData['logo.bin'], 'base64').toString('hex'), '000102ff');
  const table = await s.call('GET', `${CMS}/both`, undefined, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
  assert.deepEqual(table.body.columnDefinitions.map((c: any) => c.name), ['Name', 'Data', 'Age']);
  assert.deepEqual(table.body.rows[0].cells.slice(0, 2), ['both', 2]);
  const short = await s.call('GET', '/api/v1');
  const res = short.body.resources.find((x: any) => x.name === 'configmaps');
  assert.deepEqual(res.shortNames, ['cm']);
});

test('bad keys, duplicated keys, bad base64 and non-string values are refused', async () => {
  const keys = await s.call('POST', CMS, { metadata: { name: 'keys' }, data: { 'bad key': 'x', '..hidden': 'y', dup: 'z' }, binaryData: { dup: 'eA==' } });
  assert.equal(keys.status, 422);
  const messages = keys.body.details.causes.map((c: any) => `${c.field}: ${c.message}`);
  assert.ok(messages.includes(`data[bad key]: Invalid value: "bad key": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`), messages.join('\n'));
  assert.ok(messages.includes(`data[..hidden]: Invalid value: "..hidden": must not start with '..'`), messages.join('\n'));
  assert.ok(messages.includes('data[dup]: Invalid value: "dup": duplicate of key present in binaryData'), messages.join('\n'));

  const b64 = await s.call('POST', CMS, { metadata: { name: 'b64' }, binaryData: { k: 'not base64!' } });
  assert.equal(b64.status, 400);
  assert.match(b64.body.message, /^ConfigMap in version "v1" cannot be handled as a ConfigMap: illegal base64 data at input byte 3$/);
  const num = await s.call('POST', CMS, { metadata: { name: 'num' }, data: { k: 1 } });
  assert.equal(num.status, 400);
  assert.match(num.body.message, /cannot unmarshal number into Go struct field ConfigMap\.data of type string/);
});

test('more than 1 MiB of values is refused; exactly 1 MiB is accepted', async () => {
  const half = 'x'.repeat(512 * 1024);
  const ok = await s.call('POST', CMS, { metadata: { name: 'mib' }, data: { a: half, b: half } });
  assert.equal(ok.status, 201);
  const big = await s.call('POST', CMS, { metadata: { name: 'toobig' }, data: { a: half, b: `${half}y` } });
  assert.equal(big.status, 422);
  assert.equal(big.body.details.causes[0].message, 'Too long: must have at most 1048576 bytes');
});

test('an immutable config map keeps its data, binaryData and immutable flag; metadata may change', async () => {
  await s.call('POST', CMS, { metadata: { name: 'frozen' }, data: { a: '1' }, immutable: true });
  const data = await s.call('PATCH', `${CMS}/frozen`, { data: { a: '2' } }, MERGE);
  assert.equal(data.status, 422);
  assert.match(data.body.message, /data: Forbidden: field is immutable when `immutable` is set/);
  const flag = await s.call('PATCH', `${CMS}/frozen`, { immutable: false }, MERGE);
  assert.equal(flag.status, 422);
  assert.match(flag.body.message, /immutable: Forbidden: field is immutable when `immutable` is set/);
  const bin = await s.call('PATCH', `${CMS}/frozen`, { binaryData: { b: 'eA==' } }, MERGE);
  assert.match(bin.body.message, /binaryData: Forbidden: field is immutable when `immutable` is set/);
  const labels = await s.call('PATCH', `${CMS}/frozen`, { metadata: { labels: { team: 'a' } } }, MERGE);
  assert.equal(labels.status, 200);
  // A mutable one may become immutable.
  await s.call('POST', CMS, { metadata: { name: 'thaw' }, data: { a: '1' } });
  assert.equal((await s.call('PATCH', `${CMS}/thaw`, { immutable: true, data: { a: '3' } }, MERGE)).status, 200);
});

// Kubernetes writes a struct's fields in Go's declaration order, whatever order the body had.
test('a config map is answered in Go\'s field order, metadata included', async () => {
  const body = '{"data":{"x":"y"},"metadata":{"labels":{"a":"b"},"name":"ordered"},"immutable":false,"apiVersion":"v1","kind":"ConfigMap"}';
  const r = await s.call('POST', CMS, body);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body), ['kind', 'apiVersion', 'metadata', 'immutable', 'data']);
  assert.deepEqual(Object.keys(r.body.metadata), ['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'labels']);
  const got = await s.call('GET', `${CMS}/ordered`);
  assert.deepEqual(Object.keys(got.body.metadata), Object.keys(r.body.metadata));
});
