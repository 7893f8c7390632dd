import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FeatureGates } from './feature-gates.ts';
import { knownFeatures } from './known-features.ts';

test('gates start at their defaults by stage', () => {
  const gates = new FeatureGates();
  assert.equal(gates.enabled('WatchList'), true); // beta, on
  assert.equal(gates.enabled('ClusterTrustBundle'), false); // beta, off
  assert.equal(gates.enabled('LoggingAlphaOptions'), false); // alpha
  assert.equal(gates.enabled('StructuredAuthenticationConfiguration'), true); // GA
  assert.equal(gates.enabled('StructuredAuthorizationConfiguration'), true);
});

test('explicit settings win, with or without the orch: prefix', () => {
  const gates = new FeatureGates();
  assert.deepEqual(gates.set({ 'orch:WatchList': 'false', LoggingAlphaOptions: 'true' }), { errors: [], warnings: [] });
  assert.equal(gates.enabled('WatchList'), false);
  assert.equal(gates.enabled('LoggingAlphaOptions'), true);
});

test('AllAlpha turns on every alpha gate not set explicitly, and no beta gate', () => {
  const gates = new FeatureGates();
  gates.set({ AllAlpha: 'true', UnknownVersionInteroperabilityProxy: 'false' });
  assert.equal(gates.enabled('LoggingAlphaOptions'), true);
  assert.equal(gates.enabled('UnknownVersionInteroperabilityProxy'), false);
  assert.equal(gates.enabled('ClusterTrustBundle'), false);
});

test('AllBeta turns on every beta gate not set explicitly, and no alpha gate', () => {
  const gates = new FeatureGates();
  gates.set({ AllBeta: 'true', WatchList: 'false' });
  assert.equal(gates.enabled('ClusterTrustBundle'), true);
  assert.equal(gates.enabled('WatchList'), false);
  assert.equal(gates.enabled('LoggingAlphaOptions'), false);
});

test('unknown gates, non-boolean values, unknown components and locked gates are errors naming --feature-gates', () => {
  const gates = new FeatureGates();
  const { errors } = gates.set({ Bogus: 'true', WatchList: 'yes', 'wardle:WatchList': 'true', StructuredAuthorizationConfiguration: 'false' });
  assert.deepEqual(errors, [
    'invalid argument "Bogus=true" for "--feature-gates" flag: unrecognized feature gate: Bogus',
    'invalid argument "WatchList=yes" for "--feature-gates" flag: invalid value of WatchList=yes, err: strconv.ParseBool: parsing "yes": invalid syntax',
    'invalid argument "wardle:WatchList=true" for "--feature-gates" flag: component not registered: wardle',
    'invalid argument "StructuredAuthorizationConfiguration=false" for "--feature-gates" flag: cannot set feature gate StructuredAuthorizationConfiguration to false, feature is locked to true',
  ]);
  assert.equal(gates.enabled('WatchList'), true);
});

test('asking for an unregistered gate is a programming error', () => {
  assert.throws(() => new FeatureGates().enabled('Nope'), /not registered/);
});

test('the gates named by the spec are all known, each once', () => {
  const names = knownFeatures.map((f) => f.name);
  assert.equal(new Set(names).size, names.length);
  for (const name of ['AllAlpha', 'AllBeta', 'ExternalServiceAccountTokenSigner', 'RemoteRequestHeaderUID', 'UnknownVersionInteroperabilityProxy', 'LoggingAlphaOptions', 'AltOSGracefulNodeShutdown', 'AltOSCPUAndMemoryAffinity']) {
    assert.ok(names.includes(name), name);
  }
  assert.equal(knownFeatures.filter((f) => f.stage === 'BETA' && f.default).length, 73);
  assert.equal(knownFeatures.filter((f) => f.stage === 'BETA' && !f.default).length, 14);
  assert.equal(knownFeatures.filter((f) => f.stage === 'ALPHA').length, 54);
});
