// RuntimeClass admission at unit level: a missing class refused, the class's overhead and
// scheduling given to the pod (node selector conflicts and other overheads refused), and an
// overhead without a class refused when validated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { RuntimeClass } from '../../../../api/node/v1/types.ts';
import { isStatusError } from '../../../../machinery/status.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import { admitAndValidate, coreAttrs, pod } from '../core-v1/testing.ts';
import { runtimeClass } from './plugin.ts';

const classes: RuntimeClass[] = [
  { metadata: { name: 'gvisor' }, handler: 'runsc', overhead: { podFixed: { cpu: '250m', memory: '120Mi' } }, scheduling: { nodeSelector: { sandbox: 'gvisor' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] } },
  { metadata: { name: 'plain' }, handler: 'runc' },
];
const objects: StoredObjects = {
  serves: () => true,
  get: async <T extends ApiObject>(_g: string, _r: string, _ns: string, name: string) => classes.find((c) => c.metadata.name === name) as T | undefined,
  list: async () => [],
};
const plugin = runtimeClass({ objects: () => objects });

async function outcome(run: () => unknown): Promise<string> {
  try {
    await run();
    return 'allowed';
  } catch (err) {
    assert.ok(isStatusError(err), String(err));
    return `${err.status.code} ${err.status.message}`;
  }
}

test('a pod of a class gets its overhead, node selector and tolerations', async () => {
  const p = pod('web', undefined, { runtimeClassName: 'gvisor', nodeSelector: { disk: 'ssd' }, tolerations: [{ key: 'a', operator: 'Exists' }] });
  await admitAndValidate(plugin, coreAttrs('pods', p));
  assert.deepEqual(p.spec!.overhead, { cpu: '250m', memory: '120Mi' });
  assert.deepEqual(p.spec!.nodeSelector, { disk: 'ssd', sandbox: 'gvisor' });
  assert.deepEqual(p.spec!.tolerations, [{ key: 'a', operator: 'Exists' }, { key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }]);
  const same = pod('same', undefined, { runtimeClassName: 'gvisor', overhead: { cpu: '0.25', memory: '120Mi' } });
  assert.equal(await outcome(() => admitAndValidate(plugin, coreAttrs('pods', same))), 'allowed');
});

test('a missing class, another overhead and a conflicting node selector are refused', async () => {
  assert.equal(await outcome(() => plugin.admit!(coreAttrs('pods', pod('web', undefined, { runtimeClassName: 'kata' })))), '403 pods "web" is forbidden: pod rejected: RuntimeClass "kata" not found');
  assert.equal(
    await outcome(() => plugin.admit!(coreAttrs('pods', pod('web', undefined, { runtimeClassName: 'gvisor', overhead: { cpu: '1' } })))),
    '403 pods "web" is forbidden: pod rejected: Pod\'s Overhead doesn\'t match RuntimeClass\'s defined Overhead',
  );
  assert.equal(
    await outcome(() => plugin.admit!(coreAttrs('pods', pod('web', undefined, { runtimeClassName: 'gvisor', nodeSelector: { sandbox: 'kata' } })))),
    '403 pods "web" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = gvisor; pod.spec.nodeSelector[sandbox] = kata',
  );
});

test('an overhead without a class overhead is refused when validated; a pod without a class is untouched', async () => {
  assert.equal(
    await outcome(() => plugin.validate!(coreAttrs('pods', pod('web', undefined, { runtimeClassName: 'plain', overhead: { cpu: '1' } })))),
    '403 pods "web" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead',
  );
  assert.match(await outcome(() => plugin.validate!(coreAttrs('pods', pod('web', undefined, { overhead: { cpu: '1' } })))), /Pod Overhead set without corresponding RuntimeClass/);
  const p = pod('web');
  await admitAndValidate(plugin, coreAttrs('pods', p));
  assert.deepEqual(p.spec, pod('web').spec);
  assert.equal(plugin.handles('UPDATE'), false);
});
