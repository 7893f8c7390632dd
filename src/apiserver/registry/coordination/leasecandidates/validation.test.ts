// LeaseCandidate validation without a server: versions, strategies, names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LeaseCandidate } from '../../../../api/coordination/v1beta1/types.ts';
import { validateLeaseCandidate } from './validation.ts';

const lc = (name: string, spec: Partial<LeaseCandidate['spec']>): LeaseCandidate => ({ metadata: { name, namespace: 'default' }, spec: { leaseName: 'l', binaryVersion: '1.35.0', ...spec } as LeaseCandidate['spec'] });
const messages = (c: LeaseCandidate) => validateLeaseCandidate(c).map((x) => `${x.field}: ${x.message}`);

test('semantic versions, the emulation version at most the binary one, pre-releases before releases', () => {
  assert.deepEqual(messages(lc('a', { emulationVersion: '1.35.0-alpha.1', strategy: 'OldestEmulationVersion' })), []);
  assert.deepEqual(messages(lc('a', { binaryVersion: '1.35.0-rc.1', emulationVersion: '1.35.0', strategy: 'OldestEmulationVersion' })), ['spec.binaryVersion: Invalid value: "1.35.0-rc.1": must be greater than or equal to `emulationVersion`']);
  assert.deepEqual(messages(lc('a', { emulationVersion: '1.35', strategy: 'example.com/mine' })), ['spec.emulationVersion: Invalid value: "1.35": must be a valid semantic version']);
});

test('strategies and names', () => {
  assert.deepEqual(messages(lc('a', { strategy: '' })), ['spec.strategy: Required value']);
  assert.match(messages(lc('a', { strategy: 'bad domain/x' }))[0]!, /^spec\.strategy\.strategy: Invalid value: "bad domain\/x": prefix part/);
  assert.match(messages(lc('not valid', { strategy: 'example.com/x' }))[0]!, /^metadata\.name: Invalid value: "not valid": a valid config key/);
});
