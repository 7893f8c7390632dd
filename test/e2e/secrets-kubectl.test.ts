// Secrets with the real kubectl over HTTPS: create generic, tls and docker-registry secrets, get
// them as a table and as YAML (base64 data, no stringData), apply stringData, and the refusals a
// user sees for missing keys and immutable secrets.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { makeTempDir, startTestApiserver, type TestApiserver } from '../support/apiserver.ts';
import { buildStorage, type ApiserverStorage } from '../../src/cmd/apiserver/build-storage.ts';
import { buildApiHandler } from '../../src/apiserver/endpoints/installer.ts';
import { secretsDeclaration } from '../../src/apiserver/registry/core/secrets/declaration.ts';
import { eventsOpenApiSchemas } from '../../src/apiserver/registry/events/declarations.ts';
import { ensureSelfSignedPair } from '../../src/component-base/certs/self-signed.ts';
import { KUBECTL, kubectlSkip as skip, writeKubeconfig } from '../support/kubectl.ts';
import { apiserverOptions } from '../../src/options/apiserver-options.ts';

let storage: ApiserverStorage;
let server: TestApiserver;
let dir: string;
let kubeconfig: string;

before(async () => {
  if (skip) return;
  dir = makeTempDir('orch-secrets-kubectl-');
  storage = await buildStorage(apiserverOptions({ 'data-dir': dir }).storage);
  const declaration = secretsDeclaration();
  const resources = [{ declaration, store: storage.storeFor(declaration.storageResource), storeName: storage.backendName }];
  server = await startTestApiserver({ 'data-dir': dir }, { apiHandler: buildApiHandler({ resources, openapi: eventsOpenApiSchemas() }) });
  kubeconfig = writeKubeconfig(dir, { server: server.url, caFile: server.caFile, users: [{ name: 'admin', token: server.token }] });
});
after(async () => {
  if (skip) return;
  await server.stop();
  await storage.close();
});

function kubectl(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(KUBECTL, ['--kubeconfig', kubeconfig, ...args], { timeout: 20_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr: stderr.replace(/^WARNING: version difference.*\n/m, '') });
    });
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

test('create secret generic from literals and files; get as a table and as YAML', { skip }, async () => {
  const file = join(dir, 'config.ini');
  writeFileSync(file, 'x=1\n');
  const created = await kubectl(['create', 'secret', 'generic', 'app', '--from-literal=user=admin', '--from-literal=password=s3cr3t', `--from-file=${file}`]);
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, /secret\/app created/);
  const table = await kubectl(['get', 'secrets']);
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /^NAME\s+TYPE\s+DATA\s+AGE\n/);
  assert.match(table.stdout, /\napp\s+Opaque\s+3\s+\d+s\n/);
  const yaml = await kubectl(['get', 'secret', 'app', '-o', 'yaml']);
  assert.equal(yaml.code, 0, yaml.stderr);
  const obj = parseYaml(yaml.stdout);
  assert.equal(obj.kind, 'Secret');
  assert.equal(obj.type, 'Opaque');
  assert.deepEqual(obj.data, { user: b64('admin'), password: b64('s3cr3t'), 'config.ini': b64('x=1\n') });
  const jsonpath = await kubectl(['get', 'secret', 'app', '-o', 'jsonpath={.data.password}']);
  assert.equal(Buffer.from(jsonpath.stdout, 'base64').toString(), 's3cr3t');
});

test('create secret tls and docker-registry store the keys their types require', { skip }, async () => {
  const pki = makeTempDir('orch-secrets-tls-');
  await ensureSelfSignedPair(pki, '127.0.0.1', ['web.example.test']);
  const tls = await kubectl(['create', 'secret', 'tls', 'web', `--cert=${join(pki, 'apiserver.crt')}`, `--key=${join(pki, 'apiserver.key')}`]);
  assert.equal(tls.code, 0, tls.stderr);
  const web = parseYaml((await kubectl(['get', 'secret', 'web', '-o', 'yaml'])).stdout);
  assert.equal(web.type, 'kubernetes.io/tls');
  assert.deepEqual(Object.keys(web.data).sort(), ['tls.crt', 'tls.key']);
  assert.match(Buffer.from(web.data['tls.crt'], 'base64').toString(), /BEGIN CERTIFICATE/);

  const reg = await kubectl(['create', 'secret', 'docker-registry', 'pull', '--docker-server=registry.example.test', '--docker-username=u', '--docker-password=p']);
  assert.equal(reg.code, 0, reg.stderr);
  const pull = parseYaml((await kubectl(['get', 'secret', 'pull', '-o', 'yaml'])).stdout);
  assert.equal(pull.type, 'kubernetes.io/dockerconfigjson');
  const config = JSON.parse(Buffer.from(pull.data['.dockerconfigjson'], 'base64').toString());
  assert.equal(config.auths['registry.example.test'].username, 'u');

  const table = await kubectl(['get', 'secrets', 'web', 'pull']);
  assert.match(table.stdout, /\nweb\s+kubernetes\.io\/tls\s+2\s+/);
  assert.match(table.stdout, /\npull\s+kubernetes\.io\/dockerconfigjson\s+1\s+/);
});

test('apply with stringData: merged into data, never shown; missing keys and immutable secrets are refused', { skip }, async () => {
  const manifest = (body: string) => `apiVersion: v1\nkind: Secret\nmetadata:\n  name: applied\n${body}`;
  const applied = await kubectl(['apply', '-f', '-'], manifest('type: orch.io/basic-auth\nstringData:\n  username: alice\n  password: wonderland\n'));
  assert.equal(applied.code, 0, applied.stderr);
  const got = parseYaml((await kubectl(['get', 'secret', 'applied', '-o', 'yaml'])).stdout);
  assert.deepEqual(got.data, { username: b64('alice'), password: b64('wonderland') });
  assert.equal(got.stringData, undefined);

  const missing = await kubectl(['create', '-f', '-'], `apiVersion: v1\nkind: Secret\nmetadata:\n  name: bad-tls\ntype: orch.io/tls\ndata:\n  tls.crt: ${b64('c')}\n`);
  assert.notEqual(missing.code, 0);
  assert.match(missing.stderr, /Secret "bad-tls" is invalid: data\[tls.key\]: Required value/);

  const imm = await kubectl(['create', '-f', '-'], `apiVersion: v1\nkind: Secret\nmetadata:\n  name: frozen\nimmutable: true\nstringData:\n  k: v1\n`);
  assert.equal(imm.code, 0, imm.stderr);
  const changed = await kubectl(['patch', 'secret', 'frozen', '--type=merge', '-p', JSON.stringify({ stringData: { k: 'v2' } })]);
  assert.notEqual(changed.code, 0);
  assert.match(changed.stderr, /data: Forbidden: field is immutable when `immutable` is set/);
  const retyped = await kubectl(['patch', 'secret', 'applied', '--type=merge', '-p', JSON.stringify({ type: 'Opaque' })]);
  assert.notEqual(retyped.code, 0);
  assert.match(retyped.stderr, /type: Invalid value: "Opaque": field is immutable/);
});

test('an RSA key makes a valid ssh-auth secret through kubectl create -f', { skip }, async () => {
  const key = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  const r = await kubectl(['create', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'ssh' }, type: 'orch.io/ssh-auth', stringData: { 'ssh-privatekey': key } }));
  assert.equal(r.code, 0, r.stderr);
  const empty = await kubectl(['create', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'ssh-empty' }, type: 'orch.io/ssh-auth' }));
  assert.match(empty.stderr, /data\[ssh-privatekey\]: Required value/);
});
