import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FlagValues } from '../../options/flag.ts';
import { enabledResources, groupVersionEnablement, runtimeConfigOverrides } from './runtime-config.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

const on = (values: FlagValues, gv: string, served: string[] = []) => groupVersionEnablement(apiserverOptions(values), served).enabled(gv);

test('every GA group version is on by default; alpha and beta are off', () => {
  assert.equal(on({}, 'v1'), true);
  assert.equal(on({}, 'events.orch.io/v1'), true);
  assert.equal(on({}, 'storage.orch.io/v1beta1'), false);
  assert.equal(on({}, 'storage.orch.io/v1alpha1'), false);
});

test('a <group>/<version> key wins over the api/ selectors, whatever their order', () => {
  const values = { 'runtime-config': { 'v1': 'true', 'api/all': 'false' } };
  assert.equal(on(values, 'v1'), true);
  assert.equal(on(values, 'events.orch.io/v1'), false);
  assert.equal(on({ 'runtime-config': { 'events.orch.io/v1': 'false' } }, 'events.orch.io/v1'), false);
  assert.equal(on({ 'runtime-config': { 'events.orch.io/v1': 'false' } }, 'v1'), true);
  assert.equal(on({ 'runtime-config': { 'api/v1': 'false' } }, 'v1'), false, 'api/v1 names the core group');
});

test('api/all, api/ga, api/beta and api/alpha apply in that order', () => {
  const values = { 'runtime-config': { 'api/beta': 'true', 'api/all': 'false' } };
  assert.equal(on(values, 'storage.orch.io/v1beta1'), true);
  assert.equal(on(values, 'storage.orch.io/v1'), false);
  assert.equal(on({ 'runtime-config': { 'api/ga': 'false' } }, 'v1'), false);
  assert.equal(on({ 'runtime-config': { 'api/alpha': 'true' } }, 'storage.orch.io/v1alpha1'), true);
  assert.equal(on({ 'runtime-config': { 'api/legacy': 'false' } }, 'v1'), true, 'api/legacy is deprecated and does nothing');
});

test('an empty value means true, as Kubernetes reads it', () => {
  assert.deepEqual([...runtimeConfigOverrides(apiserverOptions({ 'runtime-config': { 'storage.orch.io/v1alpha1': '' } }).versioning)], [['storage.orch.io/v1alpha1', true]]);
});

test('a group version introduced after the emulated version is installed only when forward compatible', () => {
  const emulating = { 'emulated-version': ['orch=1.32'] };
  // resource.orch.io/v1 arrived in 1.34, its v1beta1 in 1.32.
  assert.equal(on(emulating, 'resource.orch.io/v1'), false);
  assert.equal(on({ ...emulating, 'runtime-config': { 'resource.orch.io/v1': 'true' } }, 'resource.orch.io/v1'), false);
  assert.equal(on({ ...emulating, 'runtime-config': { 'resource.orch.io/v1': 'true' }, 'runtime-config-emulation-forward-compatible': true }, 'resource.orch.io/v1'), true);
  // --emulation-forward-compatible carries an enabled beta forward to the newer GA version.
  const served = ['resource.orch.io/v1beta1', 'resource.orch.io/v1'];
  const beta = { ...emulating, 'runtime-config': { 'resource.orch.io/v1beta1': 'true' } };
  assert.equal(on(beta, 'resource.orch.io/v1', served), false);
  assert.equal(on({ ...beta, 'emulation-forward-compatible': true }, 'resource.orch.io/v1', served), true);
  assert.equal(on({ ...emulating, 'emulation-forward-compatible': true }, 'resource.orch.io/v1', served), false, 'nothing enabled to carry forward');
  // What this server serves predates every allowed emulation version.
  assert.equal(on(emulating, 'events.orch.io/v1'), true);
});

test('enabledResources drops the switched-off group versions and their wire aliases', () => {
  const r = (group: string, plural: string) => ({ declaration: { group, version: 'v1', plural } });
  const resources = [r('', 'events'), r('events.orch.io', 'events'), r('rbac.authorization.orch.io', 'roles'), r('rbac.authorization.k8s.io', 'roles')];
  const kept = enabledResources(apiserverOptions({ 'runtime-config': { 'events.orch.io/v1': 'false', 'rbac.authorization.orch.io/v1': 'false' } }), resources);
  assert.deepEqual(kept.map((k) => k.declaration.group), ['']);
  assert.equal(enabledResources(apiserverOptions({}), resources).length, 4);
});

test('enabledResources leaves out a resource whose feature gate is off, its group version enabled or not', () => {
  const r = (plural: string, featureGates?: string[]) => ({ declaration: { group: 'certificates.orch.io', version: 'v1beta1', plural, featureGates } });
  const resources = [r('clustertrustbundles', ['ClusterTrustBundle']), r('podcertificaterequests', ['PodCertificateRequest']), r('ungated')];
  const opts = apiserverOptions({ 'runtime-config': { 'certificates.orch.io/v1beta1': 'true' } });
  const plurals = (gates?: { enabled(name: string): boolean }) => enabledResources(opts, resources, gates).map((k) => k.declaration.plural);
  assert.deepEqual(plurals(), ['ungated'], 'the gates default to off');
  assert.deepEqual(plurals({ enabled: (name) => name === 'ClusterTrustBundle' }), ['clustertrustbundles', 'ungated']);
  assert.deepEqual(enabledResources(apiserverOptions({}), resources, { enabled: () => true }), [], 'a gate alone does not enable the group version');
});
