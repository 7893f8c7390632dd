// Secrets through the REST layer over real SQLite: types and their keys, base64 data, write-only
// stringData, immutability, the size limit and the table.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../endpoints/testing/serve.ts';
import { secretsDeclaration } from './declaration.ts';

let srv: TestServer;
before(async () => {
  srv = await startTestServer((store) => [{ declaration: secretsDeclaration(), store }]);
});
after(() => srv.close());

const path = '/api/v1/namespaces/default/secrets';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const create = (body: Record<string, unknown>) => srv.request('POST', path, { body: { apiVersion: 'v1', kind: 'Secret', ...body } });

test('stringData is merged into data, overrides it, and is never returned', async () => {
  const r = await create({ metadata: { name: 'merge' }, data: { a: b64('from-data'), b: b64('kept') }, stringData: { a: 'from-stringData', c: 'plain' } });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.type, 'Opaque');
  assert.deepEqual(r.json.data, { a: b64('from-stringData'), b: b64('kept'), c: b64('plain') });
  assert.equal(r.json.stringData, undefined);
  const got = await srv.request('GET', `${path}/merge`);
  assert.equal(got.json.stringData, undefined);
  assert.equal(got.json.data.c, b64('plain'));
  // A merge patch carrying stringData updates data too.
  const patched = await srv.request('PATCH', `${path}/merge`, { body: { stringData: { b: 'patched' } }, headers: { 'content-type': 'application/merge-patch+json' } });
  assert.equal(patched.status, 200, patched.text);
  assert.equal(patched.json.data.b, b64('patched'));
  assert.equal(patched.json.stringData, undefined);
});

test('data must be base64: a bad value is a 400 worded as the decoder words it', async () => {
  const r = await create({ metadata: { name: 'bad64' }, data: { a: 'not base64!' } });
  assert.equal(r.status, 400);
  assert.match(r.json.message, /^Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 3$/);
  const n = await create({ metadata: { name: 'bad64' }, data: { a: 5 } });
  assert.equal(n.status, 400);
});

test('each type requires its keys', async () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['orch.io/tls', { 'tls.crt': b64('c') }, ['data[tls.key]: Required value']],
    ['kubernetes.io/tls', {}, ['data[tls.crt]: Required value', 'data[tls.key]: Required value']],
    ['orch.io/basic-auth', {}, ['data[username]: Required value', 'data[password]: Required value']],
    ['orch.io/ssh-auth', { 'ssh-privatekey': '' }, ['data[ssh-privatekey]: Required value']],
    ['orch.io/dockercfg', {}, ['data[.dockercfg]: Required value']],
    ['orch.io/dockerconfigjson', { '.dockerconfigjson': b64('{not json') }, ['data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": invalid character looking for beginning of value']],
    ['orch.io/service-account-token', {}, ['metadata.annotations[orch.io/service-account.name]: Required value']],
  ];
  for (const [type, data, messages] of cases) {
    const r = await create({ metadata: { name: 'typed' }, type, data });
    assert.equal(r.status, 422, `${type}: ${r.text}`);
    assert.deepEqual(r.json.details.causes.map((c: { field: string; message: string }) => `${c.field}: ${c.message}`), messages, type);
  }
  const ok: [string, Record<string, string>, Record<string, string>?][] = [
    ['orch.io/basic-auth', { username: '' }],
    ['orch.io/ssh-auth', { 'ssh-privatekey': b64('k') }],
    ['orch.io/dockerconfigjson', { '.dockerconfigjson': b64('{"auths":{}}') }],
    ['orch.io/service-account-token', {}, { 'orch.io/service-account.name': 'default' }],
    ['bootstrap.orch.io/token', { 'token-id': b64('abcdef') }],
    ['example.com/custom', {}],
  ];
  for (const [i, [type, data, annotations]] of ok.entries()) {
    const r = await create({ metadata: { name: `typed-ok-${i}`, annotations }, type, data });
    assert.equal(r.status, 201, `${type}: ${r.text}`);
  }
});

test('data keys are config keys; names are DNS subdomains', async () => {
  const r = await create({ metadata: { name: 'keys' }, data: { 'bad key': '', '..x': '' } });
  assert.equal(r.status, 422);
  const msgs = r.json.details.causes.map((c: { field: string; message: string }) => `${c.field}: ${c.message}`);
  assert.ok(msgs.some((m: string) => m.startsWith(`data[bad key]: Invalid value: "bad key": a valid config key must consist of alphanumeric characters, '-', '_' or '.'`)), msgs.join('\n'));
  assert.ok(msgs.includes(`data[..x]: Invalid value: "..x": must not start with '..'`), msgs.join('\n'));
  const name = await create({ metadata: { name: 'Upper' } });
  assert.equal(name.status, 422);
  assert.match(name.json.details.causes[0].message, /a lowercase RFC 1123 subdomain/);
});

test('the decoded data may hold 1 MiB and not a byte more', async () => {
  const mib = 1024 * 1024;
  const at = await create({ metadata: { name: 'big' }, data: { a: Buffer.alloc(mib - 1, 1).toString('base64'), b: b64('x') } });
  assert.equal(at.status, 201, at.text.slice(0, 300));
  const over = await create({ metadata: { name: 'bigger' }, data: { a: Buffer.alloc(mib, 1).toString('base64'), b: b64('x') } });
  assert.equal(over.status, 422);
  assert.deepEqual(over.json.details.causes, [{ reason: 'FieldValueTooLong', field: 'data', message: 'Too long: may not be more than 1048576 bytes' }]);
});

test('the type never changes; an immutable secret keeps its data and stays immutable', async () => {
  const r = await create({ metadata: { name: 'imm' }, data: { a: b64('1') }, immutable: true });
  assert.equal(r.status, 201);
  const put = (body: Record<string, unknown>) => srv.request('PUT', `${path}/imm`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'imm' }, ...body } });
  const changed = await put({ data: { a: b64('2') }, immutable: true });
  assert.equal(changed.status, 422);
  assert.deepEqual(changed.json.details.causes.map((c: { message: string }) => c.message), ['Forbidden: field is immutable when `immutable` is set']);
  const unset = await put({ data: { a: b64('1') }, immutable: false });
  assert.equal(unset.status, 422);
  assert.equal(unset.json.details.causes[0].field, 'immutable');
  const retyped = await put({ data: { a: b64('1') }, immutable: true, type: 'orch.io/basic-auth' });
  assert.equal(retyped.status, 422);
  assert.ok(retyped.json.details.causes.some((c: { field: string; message: string }) => c.field === 'type' && c.message === 'Invalid value: "orch.io/basic-auth": field is immutable'));
  const labels = await put({ metadata: { name: 'imm', labels: { x: 'y' } }, data: { a: b64('1') }, immutable: true });
  assert.equal(labels.status, 200, labels.text);
});

test('a TLS secret whose certificate does not parse is stored with a warning', async () => {
  const r = await create({ metadata: { name: 'tls-warn' }, type: 'orch.io/tls', data: { 'tls.crt': b64('nope'), 'tls.key': b64('nope') } });
  assert.equal(r.status, 201);
  assert.match(String(r.headers.warning), /tls: failed to find any PEM data in certificate input/);
});

test('the table shows name, type, data count and age; type is a field selector', async () => {
  await create({ metadata: { name: 'tbl' }, type: 'orch.io/basic-auth', data: { username: b64('u'), password: b64('p') } });
  const t = await srv.request('GET', `${path}?fieldSelector=type%3Dorch.io%2Fbasic-auth`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
  assert.equal(t.status, 200, t.text);
  assert.deepEqual(t.json.columnDefinitions.map((c: { name: string }) => c.name), ['Name', 'Type', 'Data', 'Age']);
  const row = t.json.rows.find((r: { cells: unknown[] }) => r.cells[0] === 'tbl');
  assert.deepEqual(row.cells.slice(0, 3), ['tbl', 'orch.io/basic-auth', 2]);
  assert.ok(t.json.rows.every((r: { cells: unknown[] }) => r.cells[1] === 'orch.io/basic-auth'));
});

test('unknown fields are refused under strict field validation and reported otherwise', async () => {
  const strict = await srv.request('POST', `${path}?fieldValidation=Strict`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'strict' }, spec: {} } });
  assert.equal(strict.status, 400);
  assert.equal(strict.json.message, 'strict decoding error: unknown field "spec"');
  const warn = await srv.request('POST', path, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'warned' }, spec: {} } });
  assert.equal(warn.status, 201);
  assert.match(String(warn.headers.warning), /unknown field \\"spec\\"/);
});
