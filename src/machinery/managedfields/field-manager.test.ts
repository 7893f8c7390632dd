import { test } from 'node:test';
import assert from 'node:assert/strict';
import { managerOrUserAgent, validateFieldManager } from './field-manager.ts';

test('the manager of a write defaults to the User-Agent product', () => {
  assert.equal(managerOrUserAgent('mine', 'kubectl/v1.35.0 (linux/amd64)'), 'mine');
  assert.equal(managerOrUserAgent(undefined, 'kubectl/v1.35.0 (linux/amd64)'), 'kubectl');
  assert.equal(managerOrUserAgent('', undefined), '');
});

test('apply without fieldManager and force on other patches are 422', () => {
  const missing = validateFieldManager({ fieldManager: undefined, optionsKind: 'PatchOptions', apply: true });
  assert.equal(missing?.code, 422);
  assert.equal(missing?.message, 'PatchOptions.meta.orch.io "" is invalid: fieldManager: Required value: is required for apply patch');
  // Any force parameter counts, even force=false.
  const force = validateFieldManager({ fieldManager: 'x', optionsKind: 'PatchOptions', forceGiven: true });
  assert.equal(force?.message, 'PatchOptions.meta.orch.io "" is invalid: force: Forbidden: may not be specified for non-apply patch');
  assert.equal(validateFieldManager({ fieldManager: 'kubectl', optionsKind: 'PatchOptions', apply: true, forceGiven: true }), undefined);
});

test('fieldManager must be printable and at most 128 bytes', () => {
  assert.match(validateFieldManager({ fieldManager: 'a'.repeat(129), optionsKind: 'CreateOptions' })?.message ?? '', /fieldManager: Too long: may not be more than 128 bytes/);
  assert.equal(validateFieldManager({ fieldManager: 'a'.repeat(128), optionsKind: 'CreateOptions' }), undefined);
  assert.match(validateFieldManager({ fieldManager: 'a\u0001b', optionsKind: 'UpdateOptions' })?.message ?? '', /invalid character U\+0001 \(at position 1\)/);
  assert.equal(validateFieldManager({ fieldManager: 'kube controller', optionsKind: 'UpdateOptions' }), undefined);
});
