// --authentication-config: JWT authenticators and anonymous settings from an
// AuthenticationConfiguration file, and the start-up refusals.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { startTestApiserver, apiRequest, makeTempDir, type TestApiserver } from '../support/apiserver.ts';
import { startTestIssuer, type TestIssuer } from '../support/oidc-issuer.ts';
import { requestContext, type Handler } from '../../src/component-base/serving/request-context.ts';
import { writeJson } from '../../src/component-base/serving/responses.ts';

const echoUser: Handler = (req, res) => writeJson(req, res, 200, { user: requestContext(req).user });

let issuer: TestIssuer;
let server: TestApiserver;

function configFile(doc: unknown, json = false): string {
  const file = join(makeTempDir('orch-authn-config-'), json ? 'authn.json' : 'authn.yaml');
  writeFileSync(file, json ? JSON.stringify(doc) : stringify(doc));
  return file;
}

const jwtEntry = () => ({
  issuer: { url: issuer.url, certificateAuthority: issuer.caPem, audiences: ['orch', 'kubectl'], audienceMatchPolicy: 'MatchAny' },
  claimValidationRules: [{ claim: 'hd', requiredValue: 'example.com' }],
  claimMappings: { username: { claim: 'email', prefix: 'oidc:' }, groups: { claim: 'groups', prefix: '' }, uid: { claim: 'sub' } },
});

before(async () => {
  issuer = await startTestIssuer();
  server = await startTestApiserver(
    {
      'authentication-config': configFile({
        apiVersion: 'apiserver.config.orch.io/v1',
        kind: 'AuthenticationConfiguration',
        jwt: [jwtEntry()],
        anonymous: { enabled: true, conditions: [{ path: '/livez' }, { path: '/readyz' }] },
      }),
    },
    { apiHandler: echoUser },
  );
});

after(async () => {
  await server?.stop();
  await issuer?.close();
});

test('a jwt entry: claim mappings, validation rules and any of the audiences', async () => {
  const token = await issuer.sign({ sub: 'u-9', email: 'h@example.com', hd: 'example.com', groups: ['eng'], aud: 'kubectl' });
  const r = await apiRequest(server, '/api/v1/pods', { token });
  assert.equal(r.status, 200);
  assert.deepEqual(r.json().user, { name: 'oidc:h@example.com', uid: 'u-9', groups: ['eng', 'system:authenticated'] });
  const wrongDomain = await issuer.sign({ sub: 'u-9', email: 'h@evil.com', hd: 'evil.com', aud: 'orch' });
  assert.equal((await apiRequest(server, '/api/v1/pods', { token: wrongDomain })).status, 401);
});

test('anonymous only on the paths of its conditions', async () => {
  assert.equal((await apiRequest(server, '/livez')).status, 200);
  const healthz = await apiRequest(server, '/healthz');
  assert.equal(healthz.status, 401, 'a path outside the conditions is not anonymous');
  assert.equal((await apiRequest(server, '/livez', { token: 'not-a-token' })).status, 401, 'a bad credential is never anonymous');
});

test('anonymous disabled by the file: every request without a credential is 401', async () => {
  const s = await startTestApiserver({ 'authentication-config': configFile({ apiVersion: 'apiserver.config.orch.io/v1', kind: 'AuthenticationConfiguration', anonymous: { enabled: false } }, true) });
  try {
    assert.equal((await apiRequest(s, '/version')).status, 401);
    assert.equal((await apiRequest(s, '/version', { token: s.token })).status, 200);
  } finally {
    await s.stop();
  }
});

test('start-up refusals: CEL, a bad file, and --oidc-* flags beside jwt entries', async () => {
  const cel = configFile({
    apiVersion: 'apiserver.config.orch.io/v1',
    kind: 'AuthenticationConfiguration',
    jwt: [{ ...jwtEntry(), claimMappings: { username: { expression: 'claims.email' } } }],
  });
  await assert.rejects(startTestApiserver({ 'authentication-config': cel }), /jwt\[0\]\.claimMappings\.username\.expression: claims\.email_verified must be used/);
  const wrongKind = configFile({ apiVersion: 'apiserver.config.k8s.io/v1', kind: 'AuthenticationConfiguration' });
  await assert.rejects(startTestApiserver({ 'authentication-config': wrongKind }), /apiVersion: want apiserver.config.orch.io\/v1/);
  const ok = configFile({ apiVersion: 'apiserver.config.orch.io/v1', kind: 'AuthenticationConfiguration', jwt: [jwtEntry()] });
  await assert.rejects(
    startTestApiserver({ 'authentication-config': ok, 'oidc-issuer-url': issuer.url, 'oidc-client-id': 'x' }),
    /--authentication-config and --oidc-\* flags are mutually exclusive/,
  );
});
