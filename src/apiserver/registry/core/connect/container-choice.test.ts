import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../../machinery/status.ts';
import { chooseContainer } from './container-choice.ts';
import type { ConnectPod } from './connect-shapes.ts';

function pod(spec: ConnectPod['spec']): ConnectPod {
  return { metadata: { name: 'web' }, spec };
}

function refusal(fn: () => unknown): { code: number; message: string } {
  try {
    fn();
  } catch (err) {
    assert.ok(isStatusError(err));
    return { code: err.code, message: err.status.message ?? '' };
  }
  assert.fail('expected a StatusError');
}

test('the only container is chosen when none is named', () => {
  assert.equal(chooseContainer(pod({ containers: [{ name: 'app' }] }), ''), 'app');
  // Init containers do not count toward "the only one".
  assert.equal(chooseContainer(pod({ initContainers: [{ name: 'init' }], containers: [{ name: 'app' }] }), ''), 'app');
});

test('a named container may be an init, regular or ephemeral one', () => {
  const p = pod({ initContainers: [{ name: 'init' }], containers: [{ name: 'a' }, { name: 'b' }], ephemeralContainers: [{ name: 'debug' }] });
  assert.equal(chooseContainer(p, 'init'), 'init');
  assert.equal(chooseContainer(p, 'b'), 'b');
  assert.equal(chooseContainer(p, 'debug'), 'debug');
});

test('no container, several, or an unknown name are 400s worded as Kubernetes words them', () => {
  assert.deepEqual(refusal(() => chooseContainer(pod({}), '')), { code: 400, message: 'a container name must be specified for pod web' });
  assert.deepEqual(refusal(() => chooseContainer(pod({ initContainers: [{ name: 'i' }], containers: [{ name: 'a' }, { name: 'b' }] }), '')), {
    code: 400,
    message: 'a container name must be specified for pod web, choose one of: [i a b]',
  });
  assert.deepEqual(refusal(() => chooseContainer(pod({ containers: [{ name: 'a' }] }), 'c')), { code: 400, message: 'container c is not valid for pod web' });
});
