import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Secret } from '../../api/core/v1/secret-types.ts';
import { AuthenticationError } from '../../component-base/authentication/types.ts';
import { bootstrapTokenAuthenticator, bootstrapTokenAuthenticators, type BootstrapTokenSecrets } from './bootstrap-token.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

function secret(data: Record<string, string>, extra: Partial<Secret['metadata']> & { type?: string } = {}): Secret {
  const { type = 'bootstrap.orch.io/token', ...metadata } = extra;
  return {
    metadata: { name: 'bootstrap-token-abcdef', namespace: 'orch-system', ...metadata },
    type,
    data: Object.fromEntries(Object.entries({ 'token-id': 'abcdef', 'token-secret': '0123456789abcdef', 'usage-bootstrap-authentication': 'true', ...data }).map(([k, v]) => [k, b64(v)])),
  };
}

function stored(...secrets: Secret[]): BootstrapTokenSecrets {
  const byName = new Map(secrets.map((s) => [s.metadata.name!, s]));
  return { get: async (name) => byName.get(name) ?? null };
}

const NOW = Date.parse('2030-01-01T00:00:00Z');
const auth = (s: Secret) => bootstrapTokenAuthenticator(stored(s), { now: () => NOW });
const TOKEN = 'abcdef.0123456789abcdef';

test('a matching Secret names the bootstrap user and groups', async () => {
  const r = await auth(secret({ 'auth-extra-groups': 'system:bootstrappers:a, system:bootstrappers:a,system:bootstrappers:b:c', expiration: '2030-01-01T00:00:01Z' })).authenticateToken(TOKEN);
  assert.deepEqual(r, { user: { name: 'system:bootstrap:abcdef', groups: ['system:bootstrappers', 'system:bootstrappers:a', 'system:bootstrappers:b:c'] } });
  // The Kubernetes spelling of the type is the same kind of Secret.
  assert.ok(await auth(secret({}, { type: 'bootstrap.kubernetes.io/token' })).authenticateToken(TOKEN));
});

test('every mismatch is no match, not an error', async () => {
  const cases: Array<[string, Secret]> = [
    ['expired', secret({ expiration: '2029-12-31T23:59:59Z' })],
    ['unparseable expiration', secret({ expiration: '2030-13-01' })],
    ['usage off', secret({ 'usage-bootstrap-authentication': 'false' })],
    ['other type', secret({}, { type: 'Opaque' })],
    ['being deleted', secret({}, { deletionTimestamp: '2029-01-01T00:00:00Z' })],
    ['other namespace', secret({}, { namespace: 'default' })],
    ['token-id differs', secret({ 'token-id': 'zzzzzz' })],
    ['secret differs', secret({ 'token-secret': '0123456789abcdeg' })],
    ['secret of another length', secret({ 'token-secret': '0123' })],
  ];
  for (const [why, s] of cases) assert.equal(await auth(s).authenticateToken(TOKEN), null, why);
  assert.equal(await auth(secret({})).authenticateToken('abcdef.0123456789ABCDEF'), null, 'upper case is no bootstrap token');
  assert.equal(await auth(secret({})).authenticateToken('abcdefg.0123456789abcdef'), null);
  assert.equal(await auth(secret({})).authenticateToken('zzzzzz.0123456789abcdef'), null, 'no such secret');
});

test('an extra group outside system:bootstrappers: is an authentication error', async () => {
  await assert.rejects(async () => auth(secret({ 'auth-extra-groups': 'system:masters' })).authenticateToken(TOKEN), AuthenticationError);
  await assert.rejects(async () => auth(secret({ 'auth-extra-groups': 'system:bootstrappers:' })).authenticateToken(TOKEN), AuthenticationError);
});

test('the authenticator exists only with the flag and a Secrets reader', () => {
  assert.equal(bootstrapTokenAuthenticators(apiserverOptions({}).authentication.enableBootstrapTokenAuth, stored()).length, 0);
  assert.equal(bootstrapTokenAuthenticators(apiserverOptions({ 'enable-bootstrap-token-auth': true }).authentication.enableBootstrapTokenAuth, undefined).length, 0);
  assert.equal(bootstrapTokenAuthenticators(apiserverOptions({ 'enable-bootstrap-token-auth': true }).authentication.enableBootstrapTokenAuth, stored()).length, 1);
});
