import { test } from 'node:test';
import assert from 'node:assert/strict';
import { updateManagedFields, updateManagedFieldsByComparison, type UpdateManagedFieldsOptions } from './update.ts';
import { createManagedFields } from './create-fields.ts';
import type { ApiObject } from '../../api/meta/v1/types.ts';

const v = 'events.orch.io/v1';
const t1 = '2026-01-02T03:04:05Z';
const t2 = '2026-01-02T03:05:00Z';

function event(extra: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): ApiObject {
  return {
    apiVersion: v,
    kind: 'Event',
    metadata: {
      name: 'pod-1.17a2b3c4',
      namespace: 'default',
      uid: '6f1c2d3e-1111',
      resourceVersion: '',
      creationTimestamp: t1,
      generation: 1,
      ...meta,
    },
    eventTime: '2026-01-02T03:04:05.123456Z',
    reportingController: 'orch.io/kubelet',
    reportingInstance: 'node-1',
    action: 'Pulling',
    reason: 'Pulling',
    note: 'Pulling image "nginx:1.27"',
    type: 'Normal',
    regarding: { kind: 'Pod', namespace: 'default', name: 'pod-1', uid: 'aaaa', apiVersion: 'v1', fieldPath: 'spec.containers{nginx}' },
    ...extra,
  };
}

function configMap(extra: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): ApiObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default', uid: 'u', ...meta }, ...extra };
}

/** Objects covering every shape the walk distinguishes, each as a client could create it. */
const cases: [string, ApiObject][] = [
  ['a typical event', event({ deprecatedSource: {}, deprecatedFirstTimestamp: null, deprecatedLastTimestamp: null, deprecatedCount: 0 }, { labels: { app: 'web' } })],
  [
    'an event with related, series and deprecatedSource set',
    event(
      {
        related: { kind: 'Node', name: 'node-1' },
        series: { count: 3, lastObservedTime: '2026-01-02T03:05:00.000001Z' },
        deprecatedSource: { component: 'kubelet', host: 'node-1' },
        deprecatedFirstTimestamp: t1,
        deprecatedLastTimestamp: t2,
        deprecatedCount: 3,
      },
      { labels: { b: '2', a: '1', B: '3', _: '4' }, annotations: { 'example.com/x': 'y', '': 'empty key' } },
    ),
  ],
  ['an event with empty non-pointer structs and an empty series', event({ regarding: {}, deprecatedSource: {}, series: {}, related: {} })],
  ['an event with null structs and null fields', event({ regarding: null, deprecatedSource: null, series: null, related: null, note: null })],
  ['an event whose structs hold the wrong types', event({ regarding: 'Pod/p1', deprecatedSource: [], series: [1, 2], related: 7 })],
  ['an event whose non-pointer struct is a non-empty list', event({ regarding: [{ kind: 'Pod' }] })],
  ['an event with nested empty containers', event({ series: { count: {}, lastObservedTime: [] }, related: { kind: { deep: {} } } })],
  ['an event with fields nothing declares', event({ extra: { a: { b: {} }, c: [1, { d: 2 }], e: null }, list: [], obj: {} })],
  ['an event under the core group, read with the generic schema', { ...event(), apiVersion: 'v1' }],
  ['an event with only identity fields', { apiVersion: v, kind: 'Event', metadata: { name: 'e', namespace: 'default', uid: 'u', generation: 1 } }],
  ['an empty regarding with undefined-only fields', event({ regarding: { kind: undefined }, series: { count: undefined }, note: undefined })],
  [
    'owner references, including duplicates, items without a uid and non-object items',
    configMap({ data: { k: 'v' } }, {
      ownerReferences: [
        { apiVersion: 'v1', kind: 'Pod', name: 'p1', uid: 'u2', controller: true },
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u1', blockOwnerDeletion: false },
        { uid: 'u2', name: 'p1-again' },
        { name: 'no-uid' },
        {},
        'not-an-object',
        null,
        { uid: 'u3', extra: { nested: [] } },
      ],
    }),
  ],
  ['finalizers with duplicates and odd values', configMap({}, { finalizers: ['orch.io/b', 'orch.io/a', 'orch.io/b', '', 3, null, { o: 1 }] })],
  ['empty labels, annotations, finalizers and owner references', configMap({ data: {} }, { labels: {}, annotations: {}, finalizers: [], ownerReferences: [] })],
  ['null metadata fields', configMap({ data: null }, { labels: null, annotations: null, finalizers: null, ownerReferences: null, generateName: null })],
  ['metadata lists and maps with the wrong types', configMap({}, { labels: ['a'], finalizers: { a: 1 }, ownerReferences: 'x', annotations: 'y' })],
  [
    'an unknown kind with nested objects and lists',
    {
      apiVersion: 'example.com/v1alpha1',
      kind: 'Widget',
      metadata: { name: 'w', generateName: 'w-', deletionGracePeriodSeconds: 30, labels: { tier: 'a' } },
      spec: { replicas: 3, template: { containers: [{ name: 'c' }], empty: {}, none: null }, selector: {} },
      status: {},
      data: [],
      binary: 'aGVsbG8=',
    },
  ],
  [
    'ignored identity fields holding objects keep their children',
    configMap({}, { selfLink: { a: 1, b: {} }, clusterName: { c: 'x' }, uid: { d: 1 }, name: { e: 1 } }),
  ],
  ['a kind and apiVersion holding objects', { apiVersion: { group: 'x' }, kind: { name: 'y' }, metadata: { name: 'n' }, spec: 1 } as unknown as ApiObject],
  ['keys that collide with object prototypes', JSON.parse('{"apiVersion":"v1","kind":"Thing","metadata":{"name":"t","labels":{"__proto__":"x","constructor":"y"}},"__proto__":{"a":1},"constructor":{"b":{}},"toString":[],"hasOwnProperty":null}') as ApiObject],
  [
    'more keys than the small-object sort handles',
    configMap({ data: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key-${(i * 37) % 50}`, String(i)])) }, {
      annotations: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`a${40 - i}`, ''])),
    }),
  ],
  ['unicode keys ordered by code unit', configMap({ data: { 'é': '1', z: '2', 'Z': '3', '😀': '4', 'ﬀ': '5', '10': '6', '9': '7' } })],
  ['a request that resets managedFields with []', event({}, { managedFields: [] })],
  ['a request that resets managedFields with [{}]', event({}, { managedFields: [{}] })],
  ['a request with malformed managedFields', event({}, { managedFields: [{ manager: 'x', operation: 'Bogus' }] })],
  ['a request whose managedFields is not a list', event({}, { managedFields: 'nonsense' })],
  ['a request whose managedFields is null', event({}, { managedFields: null })],
];

function opts(newObj: ApiObject, extra: Partial<UpdateManagedFieldsOptions> = {}): UpdateManagedFieldsOptions {
  return { newObj, manager: 'kubelet', operation: 'Update', apiVersion: v, time: t1, ...extra };
}

for (const [name, obj] of cases) {
  test(`create fast path matches the general path: ${name}`, () => {
    const before = JSON.stringify(obj);
    const fast = updateManagedFields(opts(obj));
    const general = updateManagedFieldsByComparison(opts(obj));
    assert.deepEqual(fast.metadata.managedFields, general.metadata.managedFields);
    // Byte for byte, key order included, for the whole object as it would be stored.
    assert.equal(JSON.stringify(fast), JSON.stringify(general));
    assert.deepEqual(fast.metadata.managedFields, createManagedFields(obj, 'kubelet', v, t1));
    assert.equal(JSON.stringify(obj), before, 'the request object is not changed');
  });
}

test('create fast path records the time only when one is given, like the general path', () => {
  const fast = updateManagedFields(opts(event(), { time: '' }));
  const general = updateManagedFieldsByComparison(opts(event(), { time: '' }));
  assert.equal(JSON.stringify(fast), JSON.stringify(general));
  assert.equal((fast.metadata.managedFields as { time?: string }[])[0]!.time, undefined);
});

test('a create with nothing to own records an empty managedFields list', () => {
  const out = updateManagedFields(opts({ apiVersion: v, kind: 'Event', metadata: { name: 'e', namespace: 'd', managedFields: [] } }));
  assert.deepEqual(out.metadata.managedFields, []);
});

test('a typical event create records what Kubernetes records', () => {
  const out = updateManagedFields(opts(event({ deprecatedSource: {} }, { labels: { app: 'web' } })));
  assert.deepEqual(out.metadata.managedFields, [
    {
      manager: 'kubelet',
      operation: 'Update',
      apiVersion: v,
      time: t1,
      fieldsType: 'FieldsV1',
      fieldsV1: {
        'f:action': {},
        'f:eventTime': {},
        'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
        'f:note': {},
        'f:reason': {},
        // core/v1 ObjectReference is atomic (x-kubernetes-map-type: atomic): one field, as Kubernetes records it.
        'f:regarding': {},
        'f:reportingController': {},
        'f:reportingInstance': {},
        'f:type': {},
      },
    },
  ]);
});

test('a create whose request carries valid managedFields keeps them (general path)', () => {
  const requested = [{ manager: 'hand', operation: 'Update', apiVersion: v, time: t1, fieldsType: 'FieldsV1', fieldsV1: { 'f:series': {} } }];
  const obj = event({}, { managedFields: requested });
  const out = updateManagedFields(opts(obj, { time: t2 }));
  assert.equal(JSON.stringify(out), JSON.stringify(updateManagedFieldsByComparison(opts(obj, { time: t2 }))));
  const entries = out.metadata.managedFields as { manager: string; fieldsV1: Record<string, unknown> }[];
  assert.deepEqual(entries.map((e) => e.manager), ['hand', 'kubelet']);
  assert.deepEqual(entries[0]!.fieldsV1, { 'f:series': {} });
});

test('a write with an old object goes through the comparison and keeps earlier owners', () => {
  const created = updateManagedFields(opts(event(), { manager: 'creator' }));
  const next = { ...created, note: 'changed' };
  const out = updateManagedFields(opts(next, { oldObj: created, manager: 'updater', time: t2 }));
  assert.equal(JSON.stringify(out), JSON.stringify(updateManagedFieldsByComparison(opts(next, { oldObj: created, manager: 'updater', time: t2 }))));
  const entries = out.metadata.managedFields as { manager: string; fieldsV1: Record<string, unknown> }[];
  assert.deepEqual(entries.map((e) => e.manager), ['creator', 'updater']);
  assert.deepEqual(entries[1]!.fieldsV1, { 'f:note': {} });
});

test('a subresource write without an old object goes through the comparison', () => {
  const out = updateManagedFields(opts(event(), { subresource: 'status' }));
  const entries = out.metadata.managedFields as { subresource?: string }[];
  assert.deepEqual(entries.map((e) => e.subresource), ['status']);
  assert.equal(JSON.stringify(out), JSON.stringify(updateManagedFieldsByComparison(opts(event(), { subresource: 'status' }))));
});

test('a create whose metadata is missing goes through the comparison', () => {
  const obj = { apiVersion: v, kind: 'Event', note: 'n' } as unknown as ApiObject;
  const out = updateManagedFields(opts(obj));
  assert.equal(JSON.stringify(out), JSON.stringify(updateManagedFieldsByComparison(opts(obj))));
  assert.deepEqual((out.metadata.managedFields as { fieldsV1: unknown }[])[0]!.fieldsV1, { 'f:note': {} });
});
