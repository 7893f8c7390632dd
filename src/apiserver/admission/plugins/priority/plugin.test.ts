// Priority admission at unit level: a pod's priority and preemption policy from the class it
// names, the global default or nothing, the refusals with Kubernetes' messages, updates keeping
// the stored values, and one global default class at most.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { PriorityClass } from '../../../../api/scheduling/v1/types.ts';
import { isStatusError } from '../../../../machinery/status.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes } from '../../types.ts';
import { coreAttrs, pod } from '../core-v1/testing.ts';
import { priority } from './plugin.ts';

function storeOf(...classes: PriorityClass[]): StoredObjects {
  return {
    serves: () => true,
    get: async <T extends ApiObject>(_g: string, _r: string, _ns: string, name: string) => classes.find((c) => c.metadata.name === name) as T | undefined,
    list: async <T extends ApiObject>() => classes as unknown as T[],
  };
}

const pc = (name: string, value: number, extra: Partial<PriorityClass> = {}): PriorityClass => ({ metadata: { name }, value, preemptionPolicy: 'PreemptLowerPriority', ...extra });

async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
    return 'allowed';
  } catch (err) {
    assert.ok(isStatusError(err), String(err));
    return `${err.status.code} ${err.status.message}`;
  }
}

test('a pod naming a class gets its value and preemption policy', async () => {
  const plugin = priority({ objects: () => storeOf(pc('high', 1000, { preemptionPolicy: 'Never' })) });
  const p = pod('web', undefined, { priorityClassName: 'high' });
  await plugin.admit!(coreAttrs('pods', p));
  assert.deepEqual([p.spec!.priority, p.spec!.preemptionPolicy], [1000, 'Never']);
});

test('a pod naming no class gets the global default (the lowest of several), or 0 and PreemptLowerPriority', async () => {
  const plugin = priority({ objects: () => storeOf(pc('a', 50, { globalDefault: true }), pc('b', 20, { globalDefault: true, preemptionPolicy: 'Never' }), pc('c', 10)) });
  const p = pod('web');
  await plugin.admit!(coreAttrs('pods', p));
  assert.deepEqual([p.spec!.priorityClassName, p.spec!.priority, p.spec!.preemptionPolicy], ['b', 20, 'Never']);
  const none = pod('plain');
  await priority({ objects: () => storeOf(pc('c', 10)) }).admit!(coreAttrs('pods', none));
  assert.deepEqual([none.spec!.priorityClassName, none.spec!.priority, none.spec!.preemptionPolicy], [undefined, 0, 'PreemptLowerPriority']);
});

test('a missing class and a stated priority or policy that differs are refused', async () => {
  const plugin = priority({ objects: () => storeOf(pc('high', 1000)) });
  assert.equal(await refusal(() => plugin.admit!(coreAttrs('pods', pod('web', undefined, { priorityClassName: 'nope' })))), '403 pods "web" is forbidden: no PriorityClass with name nope was found');
  assert.equal(
    await refusal(() => plugin.admit!(coreAttrs('pods', pod('web', undefined, { priorityClassName: 'high', priority: 5 })))),
    '403 pods "web" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name',
  );
  assert.equal(
    await refusal(() => plugin.admit!(coreAttrs('pods', pod('web', undefined, { priorityClassName: 'high', preemptionPolicy: 'Never' })))),
    '403 pods "web" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name',
  );
  const same = pod('web', undefined, { priorityClassName: 'high', priority: 1000 });
  await plugin.admit!(coreAttrs('pods', same));
  assert.equal(same.spec!.priority, 1000);
});

test('an update keeps the stored priority and policy; subresources and other kinds are left alone', async () => {
  const plugin = priority({ objects: () => storeOf() });
  const old = pod('web', undefined, { priority: 7, preemptionPolicy: 'Never' });
  const next = pod('web');
  await plugin.admit!(coreAttrs('pods', next, { operation: 'UPDATE', oldObject: old }));
  assert.deepEqual([next.spec!.priority, next.spec!.preemptionPolicy], [7, 'Never']);
  const bound = pod('web');
  await plugin.admit!(coreAttrs('pods', bound, { subresource: 'status' }));
  assert.equal(bound.spec!.priority, undefined);
});

function classAttrs(operation: 'CREATE' | 'UPDATE', object: PriorityClass, group = 'scheduling.orch.io'): AdmissionAttributes {
  return {
    operation,
    resource: { group, version: 'v1', resource: 'priorityclasses' },
    subresource: '',
    kind: { group, version: 'v1', kind: 'PriorityClass' },
    namespace: '',
    name: object.metadata.name!,
    object,
    dryRun: false,
  };
}

test('only one class may be the global default', async () => {
  const plugin = priority({ objects: () => storeOf(pc('first', 10, { globalDefault: true }), pc('second', 20)) });
  assert.equal(
    await refusal(() => plugin.validate!(classAttrs('CREATE', pc('third', 30, { globalDefault: true })))),
    '403 priorityclasses.scheduling.orch.io "third" is forbidden: PriorityClass first is already marked as default. Only one default can exist',
  );
  assert.match(await refusal(() => plugin.validate!(classAttrs('UPDATE', pc('second', 20, { globalDefault: true }), 'scheduling.k8s.io'))), /PriorityClass first is already marked as default/);
  assert.equal(await refusal(() => plugin.validate!(classAttrs('UPDATE', pc('first', 10, { globalDefault: true, description: 'x' })))), 'allowed');
  assert.equal(await refusal(() => plugin.validate!(classAttrs('CREATE', pc('fourth', 40)))), 'allowed');
});
