// Who a request is, seen through the real HTTPS server with every authenticator configured at
// once: anonymous, token file, client certificates, OIDC from a local issuer, service account
// tokens and an authenticating proxy; good credentials and each way of getting them wrong.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { connect as h2Connect } from 'node:http2';
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { startTestApiserver, makeTempDir, type TestApiserver } from '../support/apiserver.ts';
import { createTestCA, SERVER_AUTH, type TestCA } from '../support/authn-pki.ts';
import { startTestIssuer, type TestIssuer } from '../support/oidc-issuer.ts';
import { requestContext, type Handler } from '../../src/component-base/serving/request-context.ts';
import { writeJson } from '../../src/component-base/serving/responses.ts';

const echoUser: Handler = (req, res) =>
  writeJson(req, res, 200, { user: requestContext(req).user, sawAuthorization: req.headers.authorization !== undefined, sawRemoteUser: req.headers['x-remote-user'] !== undefined });

const SA_ISSUER = 'https://orch.test';
const HOUR = 3600_000;

let server: TestApiserver;
let issuer: TestIssuer;
let clientCA: TestCA;
let otherCA: TestCA;
let proxyCA: TestCA;
let saKey: KeyObject;
let strangerSaKey: KeyObject;
const serverCA = () => readFileSync(server.caFile);

interface Reply {
  status: number;
  body: any;
}

function get(path: string, opts: { token?: string; cert?: { certPem: string; keyPem: string }; headers?: Record<string, string | string[]> } = {}): Promise<Reply> {
  const headers: Record<string, string | string[]> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      new URL(path, server.url),
      { headers, ca: serverCA(), cert: opts.cert?.certPem, key: opts.cert?.keyPem, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: body ? JSON.parse(body) : undefined }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const whoami = (opts: Parameters<typeof get>[1] = {}) => get('/api/v1/namespaces/default/pods', opts);

function file(name: string, text: string): string {
  const path = join(makeTempDir('orch-authn-'), name);
  writeFileSync(path, text);
  return path;
}

function saToken(claims: Record<string, unknown>, opts: { key?: KeyObject; expiresIn?: number; aud?: string | string[] } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: SA_ISSUER,
    aud: opts.aud ?? [SA_ISSUER],
    iat: now,
    nbf: now,
    exp: now + (opts.expiresIn ?? 3600),
    sub: 'system:serviceaccount:team-a:builder',
    jti: 'jti-1',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256' })
    .sign(opts.key ?? saKey);
}

const boundClaims = { 'orch.io': { namespace: 'team-a', serviceaccount: { name: 'builder', uid: 'sa-uid-1' }, pod: { name: 'p1', uid: 'pod-uid-1' } } };

before(async () => {
  [issuer, clientCA, otherCA, proxyCA] = await Promise.all([startTestIssuer(), createTestCA('client-ca'), createTestCA('other-ca'), createTestCA('front-proxy-ca')]);
  ({ privateKey: saKey } = generateKeyPairSync('rsa', { modulusLength: 2048 }));
  ({ privateKey: strangerSaKey } = generateKeyPairSync('rsa', { modulusLength: 2048 }));
  const saPublic = createPublicKey(saKey).export({ type: 'spki', format: 'pem' }) as string;
  server = await startTestApiserver(
    {
      'token-auth-file': file('tokens.csv', 'tok-alice,alice,uid-alice,"dev,ops"\n'),
      'client-ca-file': file('client-ca.crt', clientCA.certPem),
      'requestheader-client-ca-file': file('proxy-ca.crt', proxyCA.certPem),
      'requestheader-allowed-names': ['front-proxy'],
      'requestheader-username-headers': ['X-Remote-User'],
      'requestheader-group-headers': ['X-Remote-Group'],
      'requestheader-extra-headers-prefix': ['X-Remote-Extra-'],
      'requestheader-uid-headers': ['X-Remote-Uid'],
      'oidc-issuer-url': issuer.url,
      'oidc-client-id': 'orch',
      'oidc-ca-file': file('oidc-ca.crt', issuer.caPem),
      'oidc-groups-claim': 'groups',
      'oidc-groups-prefix': 'oidc:',
      'oidc-required-claim': { tenant: 'acme' },
      'service-account-key-file': [file('sa.pub', saPublic)],
      'service-account-issuer': [SA_ISSUER],
    },
    { apiHandler: echoUser },
  );
});

after(async () => {
  await server?.stop();
  await issuer?.close();
});

test('anonymous: no credential is system:anonymous, kept to the public paths', async () => {
  const r = await whoami();
  assert.equal(r.status, 403);
  assert.match(r.body.message, /User "system:anonymous" cannot list resource "pods"/);
});

test('token file: the user, uid and groups of the line, and the header is not passed on', async () => {
  const r = await whoami({ token: 'tok-alice' });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.user, { name: 'alice', uid: 'uid-alice', groups: ['dev', 'ops', 'system:authenticated'] });
  assert.equal(r.body.sawAuthorization, false);
  const bad = await whoami({ token: 'tok-nobody' });
  assert.equal(bad.status, 401);
  assert.equal(bad.body.reason, 'Unauthorized');
});

test('client certificates: CommonName and Organizations; another CA, an expired one or a server-only one is refused', async () => {
  const good = await clientCA.issue('CN=carol, O=dev, O=admins');
  const r = await whoami({ cert: good });
  assert.equal(r.status, 200);
  assert.equal(r.body.user.name, 'carol');
  assert.deepEqual(r.body.user.groups, ['dev', 'admins', 'system:authenticated']);
  assert.match(r.body.user.extra['authentication.orch.io/credential-id'][0], /^X509SHA256=[0-9a-f]{64}$/);

  const foreign = await otherCA.issue('CN=mallory, O=system:masters');
  const expired = await clientCA.issue('CN=old', { notBefore: new Date(Date.now() - 10 * HOUR), notAfter: new Date(Date.now() - HOUR) });
  const serverOnly = await clientCA.issue('CN=web', { usages: [SERVER_AUTH] });
  for (const [what, cert] of [['another CA', foreign], ['expired', expired], ['server usage only', serverOnly]] as const) {
    const refused = await whoami({ cert });
    assert.equal(refused.status, 401, what);
    assert.equal(refused.body.message, 'Unauthorized');
  }
  const withToken = await whoami({ cert: foreign, token: 'tok-alice' });
  assert.equal(withToken.body.user.name, 'alice', 'a refused certificate does not spoil a good token');
});

test('client certificates: the UID attribute of the subject is the user\'s UID', async () => {
  const withUid = await clientCA.issue('CN=uma, 1.3.6.1.4.1.57683.2=uid-uma');
  const r = await whoami({ cert: withUid });
  assert.equal(r.status, 200);
  assert.equal(r.body.user.name, 'uma');
  assert.equal(r.body.user.uid, 'uid-uma');
});

test('client certificates over HTTP/2 name the user too', async () => {
  const good = await clientCA.issue('CN=dave');
  const session = h2Connect(server.url, { ca: serverCA(), cert: good.certPem, key: good.keyPem });
  try {
    const body = await new Promise<string>((resolve, reject) => {
      const stream = session.request({ ':path': '/api/v1/pods' });
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (text += c));
      stream.on('end', () => resolve(text));
      stream.on('error', reject);
    });
    assert.equal(JSON.parse(body).user.name, 'dave');
  } finally {
    session.close();
  }
});

test('OIDC: claims map to a prefixed user and groups; bad tokens are 401', async () => {
  const token = await issuer.sign({ sub: 'erin', aud: 'orch', tenant: 'acme', groups: ['dev', 'qa'], jti: 'id-1' });
  const r = await whoami({ token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.user, {
    name: `${issuer.url}#erin`,
    groups: ['oidc:dev', 'oidc:qa', 'system:authenticated'],
    extra: { 'authentication.orch.io/credential-id': ['JTI=id-1'] },
  });

  const now = Math.floor(Date.now() / 1000);
  const cases: Array<[string, Promise<string>]> = [
    ['expired', issuer.sign({ sub: 'erin', aud: 'orch', tenant: 'acme', iat: now - 7200, exp: now - 3600 })],
    ['wrong signature', issuer.sign({ sub: 'erin', aud: 'orch', tenant: 'acme' }, { key: issuer.strangerKey })],
    ['wrong audience', issuer.sign({ sub: 'erin', aud: 'someone-else', tenant: 'acme' })],
    ['unknown issuer', issuer.sign({ sub: 'erin', aud: 'orch', tenant: 'acme', iss: 'https://elsewhere.example' })],
    ['missing required claim', issuer.sign({ sub: 'erin', aud: 'orch' })],
    ['required claim with another value', issuer.sign({ sub: 'erin', aud: 'orch', tenant: 'evil' })],
    ['no username claim', issuer.sign({ aud: 'orch', tenant: 'acme' })],
    ['groups of the wrong type', issuer.sign({ sub: 'erin', aud: 'orch', tenant: 'acme', groups: 7 })],
  ];
  for (const [what, pending] of cases) {
    const refused = await whoami({ token: await pending });
    assert.equal(refused.status, 401, what);
  }
  assert.equal(issuer.fetches.discovery, 1, 'discovery happens once');
});

test('service account tokens: bound claims name the account; a wrong key, audience or expiry is 401', async () => {
  const r = await whoami({ token: await saToken(boundClaims) });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.user, {
    name: 'system:serviceaccount:team-a:builder',
    uid: 'sa-uid-1',
    groups: ['system:serviceaccounts', 'system:serviceaccounts:team-a', 'system:authenticated'],
    extra: {
      'authentication.orch.io/pod-name': ['p1'],
      'authentication.orch.io/pod-uid': ['pod-uid-1'],
      'authentication.orch.io/credential-id': ['JTI=jti-1'],
    },
  });
  const legacy = await new SignJWT({
    iss: 'orch/serviceaccount',
    sub: 'system:serviceaccount:team-b:old',
    'orch.io/serviceaccount/namespace': 'team-b',
    'orch.io/serviceaccount/secret.name': 'old-token-x',
    'orch.io/serviceaccount/service-account.name': 'old',
    'orch.io/serviceaccount/service-account.uid': 'sa-uid-2',
  })
    .setProtectedHeader({ alg: 'RS256' })
    .sign(saKey);
  const l = await whoami({ token: legacy });
  assert.equal(l.status, 200);
  assert.equal(l.body.user.name, 'system:serviceaccount:team-b:old');

  for (const [what, pending] of [
    ['wrong key', saToken(boundClaims, { key: strangerSaKey })],
    ['wrong audience', saToken(boundClaims, { aud: 'https://other.test' })],
    ['expired', saToken(boundClaims, { expiresIn: -3600 })],
    ['no orch.io claim', saToken({})],
  ] as const) {
    const refused = await whoami({ token: await pending });
    assert.equal(refused.status, 401, what);
  }
});

test('authenticating proxy: a proxy in the allowed names speaks for the user; others are refused', async () => {
  const proxy = await proxyCA.issue('CN=front-proxy');
  const headers = {
    'X-Remote-User': 'frank',
    'X-Remote-Uid': 'uid-frank',
    'X-Remote-Group': ['g1', 'g2'],
    'X-Remote-Extra-Acme.com%2fProject': 'p1',
    'X-Remote-Extra-Scopes': ['read', 'write'],
  };
  const r = await whoami({ cert: proxy, headers });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.user, {
    name: 'frank',
    uid: 'uid-frank',
    groups: ['g1', 'g2', 'system:authenticated'],
    extra: { 'acme.com/project': ['p1'], scopes: ['read', 'write'] },
  });
  assert.equal(r.body.sawRemoteUser, false, 'the identity headers are removed');

  const stranger = await proxyCA.issue('CN=side-door');
  const notAllowed = await whoami({ cert: stranger, headers });
  assert.equal(notAllowed.status, 401, 'a proxy not in the allowed names');

  const noCert = await whoami({ headers });
  assert.equal(noCert.status, 403, 'without a proxy certificate the headers are ignored');
  assert.match(noCert.body.message, /User "system:anonymous"/);

  const clientCertAsProxy = await whoami({ cert: await clientCA.issue('CN=front-proxy'), headers });
  assert.equal(clientCertAsProxy.body.user.name, 'front-proxy', 'a client-CA certificate is a user, not a proxy');
});
