import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestIssuer, type TestIssuer } from '../../../test/support/oidc-issuer.ts';
import { jwtAuthenticator, type JwtAuthenticatorConfig } from './jwt.ts';
import { oidcConfigFromFlags, usernamePrefixFor } from './oidc-flags.ts';
import { AuthenticationError } from '../../component-base/authentication/types.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

let issuer: TestIssuer;
before(async () => {
  issuer = await startTestIssuer('/realm');
});
after(() => issuer.close());

function config(over: Partial<JwtAuthenticatorConfig['claimMappings']> = {}, rules: JwtAuthenticatorConfig['claimValidationRules'] = []): JwtAuthenticatorConfig {
  return {
    issuer: { url: issuer.url, audiences: ['orch', 'other'], certificateAuthority: issuer.caPem },
    claimValidationRules: rules,
    claimMappings: { username: { claim: 'email', prefix: '' }, groups: { claim: 'roles', prefix: 'r:' }, uid: { claim: 'sub' }, ...over },
    signingAlgs: ['RS256'],
  };
}

async function refusal(auth: ReturnType<typeof jwtAuthenticator>, token: string): Promise<string> {
  try {
    await auth.authenticateToken(token);
  } catch (err) {
    assert.ok(err instanceof AuthenticationError);
    return err.message;
  }
  assert.fail('token was accepted');
}

test('an issuer under a path is discovered; email_verified, uid, string groups, any audience', async () => {
  const auth = jwtAuthenticator(config());
  const ok = await auth.authenticateToken(await issuer.sign({ sub: 'u-1', email: 'a@x.io', email_verified: true, aud: ['nope', 'other'], roles: 'admin' }));
  assert.deepEqual(ok, { user: { name: 'a@x.io', uid: 'u-1', groups: ['r:admin'] } });
  assert.match(await refusal(auth, await issuer.sign({ sub: 'u-1', email: 'a@x.io', email_verified: false, aud: 'orch' })), /email not verified/);
  assert.match(await refusal(auth, await issuer.sign({ sub: 'u-1', email: 'a@x.io', email_verified: 'yes', aud: 'orch' })), /could not parse 'email_verified'/);
  assert.match(await refusal(auth, await issuer.sign({ email: 'a@x.io', aud: 'orch' })), /uid claim "sub" not present/);
});

test('refusals say why, and other issuers and non-JWTs are not this authenticator\'s business', async () => {
  const auth = jwtAuthenticator(config({}, [{ claim: 'tenant', requiredValue: 'acme' }]));
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: 's', email: 'a@x.io', aud: 'orch', tenant: 'acme' };
  assert.match(await refusal(auth, await issuer.sign({ ...claims, exp: now - 1 })), /expired/);
  assert.match(await refusal(auth, await issuer.sign({ ...claims, exp: undefined })), /expired/);
  assert.match(await refusal(auth, await issuer.sign({ ...claims, nbf: now + 3600 })), /not valid yet/);
  assert.ok(await auth.authenticateToken(await issuer.sign({ ...claims, nbf: now + 60 })), 'nbf a minute ahead is tolerated');
  assert.match(await refusal(auth, await issuer.sign(claims, { key: issuer.strangerKey })), /signature/);
  assert.match(await refusal(auth, await issuer.sign(claims, { kid: 'unknown-kid' })), /signature/);
  assert.match(await refusal(auth, await issuer.sign({ ...claims, aud: 'nobody' })), /audience/);
  assert.match(await refusal(auth, await issuer.sign({ ...claims, tenant: undefined })), /required claim tenant not present/);
  assert.match(await refusal(auth, await issuer.sign({ ...claims, roles: [1, 2] })), /groups claim/);
  assert.equal(await auth.authenticateToken(await issuer.sign({ ...claims, iss: 'https://other.example' })), null);
  assert.equal(await auth.authenticateToken('not-a-jwt'), null);
});

test('only the configured signing algorithms are accepted', async () => {
  const auth = jwtAuthenticator({ ...config(), signingAlgs: ['ES256'] });
  assert.match(await refusal(auth, await issuer.sign({ sub: 's', email: 'a@x.io', aud: 'orch' })), /signature/);
});

test('an issuer that cannot be reached refuses its tokens without hanging', async () => {
  const dead = await startTestIssuer();
  const token = await dead.sign({ sub: 's', aud: 'orch' });
  await dead.close();
  const auth = jwtAuthenticator({ ...config(), issuer: { url: dead.url, audiences: ['orch'], certificateAuthority: dead.caPem } });
  assert.match(await refusal(auth, token), /not initialized/);
});

test('an untrusted issuer certificate fails discovery', async () => {
  const auth = jwtAuthenticator({ ...config(), issuer: { url: issuer.url, audiences: ['orch'] } });
  await assert.rejects(auth.warmUp(), /certificate/);
});

test('--oidc-* flags: Kubernetes\' username prefix rules and defaults', () => {
  assert.equal(usernamePrefixFor('https://i', 'sub', undefined), 'https://i#');
  assert.equal(usernamePrefixFor('https://i', 'email', undefined), '');
  assert.equal(usernamePrefixFor('https://i', 'sub', '-'), '');
  assert.equal(usernamePrefixFor('https://i', 'email', 'oidc:'), 'oidc:');
  const cfg = oidcConfigFromFlags(apiserverOptions({ 'oidc-issuer-url': 'https://i', 'oidc-client-id': 'c', 'oidc-required-claim': { a: 'b' }, 'oidc-groups-claim': 'g' }).authentication.oidc);
  assert.deepEqual(cfg, {
    issuer: { url: 'https://i', audiences: ['c'], certificateAuthority: undefined },
    claimValidationRules: [{ claim: 'a', requiredValue: 'b' }],
    claimMappings: { username: { claim: 'sub', prefix: 'https://i#' }, groups: { claim: 'g', prefix: '' } },
    signingAlgs: ['RS256'],
  });
  assert.equal(oidcConfigFromFlags(apiserverOptions({}).authentication.oidc), null);
  assert.throws(() => oidcConfigFromFlags(apiserverOptions({ 'oidc-issuer-url': 'https://i' }).authentication.oidc), /--oidc-client-id/);
  assert.throws(() => oidcConfigFromFlags(apiserverOptions({ 'oidc-issuer-url': 'https://i', 'oidc-client-id': 'c', 'oidc-ca-file': '/nonexistent/ca' }).authentication.oidc), /--oidc-ca-file \/nonexistent\/ca: ENOENT/);
});

test('CEL claim validation, claim mappings, extra mappings and user validation rules', async () => {
  const auth = jwtAuthenticator({
    ...config({
      username: { claim: '', prefix: '', expression: "'oidc:' + claims.sub" },
      groups: { claim: '', prefix: '', expression: "claims.roles.map(r, 'role:' + r)" },
      uid: { claim: '', expression: 'claims.sub + "-" + string(claims.n * 2)' },
      extra: [
        { key: 'example.com/tenant', valueExpression: 'claims.tenant' },
        { key: 'example.com/empty', valueExpression: "''" },
      ],
    }),
    claimValidationExpressions: [{ expression: "claims.tenant != 'blocked'", message: 'tenant is blocked' }],
    userValidationRules: [{ expression: "!user.username.startsWith('oidc:system:')", message: 'system names are reserved' }],
  });
  const ok = await auth.authenticateToken(await issuer.sign({ sub: 'u1', aud: 'orch', roles: ['a', 'b'], n: 21, tenant: 't1' }));
  assert.deepEqual(ok, { user: { name: 'oidc:u1', uid: 'u1-42', groups: ['role:a', 'role:b'], extra: { 'example.com/tenant': ['t1'] } } });
  assert.equal(
    await refusal(auth, await issuer.sign({ sub: 'u1', aud: 'orch', roles: [], n: 1, tenant: 'blocked' })),
    "oidc: error evaluating claim validation expression: validation expression 'claims.tenant != 'blocked'' failed: tenant is blocked",
  );
  assert.equal(
    await refusal(auth, await issuer.sign({ sub: 'system:x', aud: 'orch', roles: [], n: 1, tenant: 't' })),
    "oidc: error evaluating user info validation rule: validation expression '!user.username.startsWith('oidc:system:')' failed: system names are reserved",
  );
  assert.match(await refusal(auth, await issuer.sign({ sub: 'u1', aud: 'orch', n: 1, tenant: 't' })), /^oidc: error evaluating groups claim expression: No such key: roles/);
  const empty = jwtAuthenticator(config({ username: { claim: '', prefix: '', expression: "''" }, groups: undefined, uid: undefined }));
  assert.equal(await refusal(empty, await issuer.sign({ sub: 'u1', aud: 'orch' })), 'oidc: empty username via CEL expression is not allowed');
  const notString = jwtAuthenticator(config({ username: { claim: '', prefix: '', expression: 'claims.n' }, groups: undefined, uid: undefined }));
  assert.match(await refusal(notString, await issuer.sign({ sub: 'u1', aud: 'orch', n: 3 })), /username claim expression must return a string/);
});
