// --authentication-config with CEL against the real server: a JWT authenticator mapping
// username, groups, uid and extra by expression, claim validation rules and user validation
// rules refusing tokens with their messages, and expressions that do not compile stopping the start.
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

function configFile(jwt: unknown[]): string {
  const file = join(makeTempDir('orch-authn-cel-'), 'authn.yaml');
  writeFileSync(file, stringify({ apiVersion: 'apiserver.config.orch.io/v1', kind: 'AuthenticationConfiguration', jwt }));
  return file;
}

const entry = () => ({
  issuer: { url: issuer.url, certificateAuthority: issuer.caPem, audiences: ['orch'] },
  claimValidationRules: [
    { expression: "claims.hd == 'example.com'", message: 'only example.com accounts' },
    { claim: 'tier', requiredValue: 'gold' },
  ],
  claimMappings: {
    username: { expression: "claims.email_verified ? 'oidc:' + claims.email : 'unverified:' + claims.sub" },
    groups: { expression: "has(claims.roles) ? claims.roles.map(r, 'team:' + r) : []" },
    uid: { expression: 'claims.sub' },
    extra: [{ key: 'example.com/department', valueExpression: "has(claims.dept) ? claims.dept : ''" }],
  },
  userValidationRules: [{ expression: "!user.username.startsWith('unverified:')", message: 'verify your email first' }],
});

before(async () => {
  issuer = await startTestIssuer();
  server = await startTestApiserver({ 'authentication-config': configFile([entry()]) }, { apiHandler: echoUser });
});

after(async () => {
  await server?.stop();
  await issuer?.close();
});

const whoami = async (claims: Record<string, unknown>) => apiRequest(server, '/api/v1/pods', { token: await issuer.sign({ aud: 'orch', tier: 'gold', ...claims }) });

test('username, groups, uid and extra are mapped by expression', async () => {
  const r = await whoami({ sub: 'u-7', email: 'h@example.com', email_verified: true, hd: 'example.com', roles: ['eng', 'ops'], dept: 'R&D' });
  assert.equal(r.status, 200, r.body);
  assert.deepEqual(r.json().user, { name: 'oidc:h@example.com', uid: 'u-7', groups: ['team:eng', 'team:ops', 'system:authenticated'], extra: { 'example.com/department': ['R&D'] } });
  const noRoles = await whoami({ sub: 'u-8', email: 'i@example.com', email_verified: true, hd: 'example.com' });
  assert.equal(noRoles.status, 200);
  assert.deepEqual(noRoles.json().user, { name: 'oidc:i@example.com', uid: 'u-8', groups: ['system:authenticated'] });
});

test('a claim validation rule refuses a token; so does a claim rule beside it', async () => {
  const other = await whoami({ sub: 'u-7', email: 'h@evil.com', email_verified: true, hd: 'evil.com' });
  assert.equal(other.status, 401);
  assert.equal(other.json().reason, 'Unauthorized');
  const silver = await whoami({ sub: 'u-7', email: 'h@example.com', email_verified: true, hd: 'example.com', tier: 'silver' });
  assert.equal(silver.status, 401);
});

test('a user validation rule refuses the mapped user', async () => {
  const r = await whoami({ sub: 'u-9', email: 'j@example.com', email_verified: false, hd: 'example.com' });
  assert.equal(r.status, 401);
});

test('expressions that do not compile, or return the wrong type, are handled as Kubernetes does', async () => {
  await assert.rejects(
    startTestApiserver({ 'authentication-config': configFile([{ ...entry(), claimMappings: { username: { expression: 'claims.sub +' } } }]) }),
    /jwt\[0\]\.claimMappings\.username\.expression: Invalid value: "claims\.sub \+": compilation failed/,
  );
  await assert.rejects(
    startTestApiserver({ 'authentication-config': configFile([{ ...entry(), userValidationRules: [{ expression: 'claims.sub == "x"' }] }]) }),
    /jwt\[0\]\.userValidationRules\[0\]\.expression: Invalid value: .*compilation failed: Unknown variable: claims/,
  );
  const typed = await startTestApiserver({ 'authentication-config': configFile([{ ...entry(), claimMappings: { username: { expression: 'claims.n' } } }]) }, { apiHandler: echoUser });
  try {
    const r = await apiRequest(typed, '/api/v1/pods', { token: await issuer.sign({ aud: 'orch', tier: 'gold', hd: 'example.com', n: 4 }) });
    assert.equal(r.status, 401);
  } finally {
    await typed.stop();
  }
});
