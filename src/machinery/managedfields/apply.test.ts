import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverSideApply } from './apply.ts';
import { updateManagedFields } from './update.ts';
import { StatusError } from '../status.ts';
import type { ApiObject } from '../../api/meta/v1/types.ts';

const v = 'events.orch.io/v1';
const t1 = '2026-01-02T03:04:05Z';
const t2 = '2026-01-02T03:05:00Z';
const t3 = '2026-01-02T03:06:00Z';

function config(extra: Record<string, unknown> = {}, labels: Record<string, string> = { app: 'web' }): ApiObject {
  return {
    apiVersion: v,
    kind: 'Event',
    metadata: { name: 'e1', namespace: 'default', labels },
    eventTime: '2026-01-02T03:04:05.123456Z',
    reason: 'Started',
    note: 'hello',
    ...extra,
  };
}

/** What the store would add on create. */
function stored(obj: ApiObject): ApiObject {
  return { ...obj, metadata: { ...obj.metadata, uid: 'uid-1', resourceVersion: '7', creationTimestamp: t1 } };
}

type Entry = { manager: string; operation: string; time?: string; fieldsV1: Record<string, unknown> };
const entries = (o: ApiObject) => o.metadata.managedFields as Entry[];

function conflictOf(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof StatusError);
    return err;
  }
  assert.fail('expected a conflict');
}

test('create by apply: the applier owns exactly what it applied', () => {
  const out = serverSideApply({ applied: config(), manager: 'kubectl', force: false, apiVersion: v, time: t1 });
  assert.equal(out.note, 'hello');
  assert.deepEqual(entries(out), [
    {
      manager: 'kubectl',
      operation: 'Apply',
      apiVersion: v,
      time: t1,
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:eventTime': {}, 'f:metadata': { 'f:labels': { 'f:app': {} } }, 'f:note': {}, 'f:reason': {} },
    },
  ]);
});

test('client-side apply update, conflicting apply (409 with causes), then forced apply', () => {
  const created = stored(
    updateManagedFields({ newObj: config(), manager: 'kubectl-client-side-apply', operation: 'Update', apiVersion: v, time: t1 }),
  );

  // Applying the same values shares ownership: no conflict.
  const same = serverSideApply({ current: created, applied: config(), manager: 'kubectl', force: false, apiVersion: v, time: t2 });
  assert.deepEqual(entries(same).map((e) => e.manager), ['kubectl', 'kubectl-client-side-apply']);

  const err = conflictOf(() =>
    serverSideApply({ current: created, applied: config({ note: 'changed' }), manager: 'kubectl', force: false, apiVersion: v, time: t2 }),
  );
  assert.equal(err.code, 409);
  assert.equal(err.reason, 'Conflict');
  assert.equal(err.message, 'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using events.orch.io/v1: .note');
  assert.deepEqual(err.status.details?.causes, [
    { reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using events.orch.io/v1', field: '.note' },
  ]);

  const forced = serverSideApply({ current: created, applied: config({ note: 'changed' }), manager: 'kubectl', force: true, apiVersion: v, time: t2 });
  assert.equal(forced.note, 'changed');
  const [apply, csa] = entries(forced);
  assert.equal(apply!.manager, 'kubectl');
  assert.ok(apply!.fieldsV1['f:note']);
  assert.equal(csa!.manager, 'kubectl-client-side-apply');
  assert.equal(csa!.fieldsV1['f:note'], undefined);
  assert.ok(csa!.fieldsV1['f:reason']);
});

test('several conflicts are listed by manager', () => {
  const created = stored(updateManagedFields({ newObj: config(), manager: 'a', operation: 'Update', apiVersion: v, time: t1 }));
  const err = conflictOf(() =>
    serverSideApply({ current: created, applied: config({ note: 'x', reason: 'y' }), manager: 'kubectl', force: false, apiVersion: v, time: t2 }),
  );
  assert.equal(err.message, 'Apply failed with 2 conflicts: conflicts with "a" using events.orch.io/v1:\n- .note\n- .reason');
  assert.equal(err.status.details?.causes?.length, 2);
});

test('a field the applier no longer applies is removed, unless someone else owns it', () => {
  const first = stored(
    serverSideApply({ applied: config({}, { app: 'web', tier: 'front' }), manager: 'kubectl', force: false, apiVersion: v, time: t1 }),
  );
  const second = serverSideApply({ current: first, applied: config({ note: undefined }, { app: 'web' }), manager: 'kubectl', force: false, apiVersion: v, time: t2 });
  assert.equal(second.note, undefined);
  assert.deepEqual(second.metadata.labels, { app: 'web' });

  // Another manager also set tier to the same value: it survives the applier dropping it.
  const shared = stored(
    serverSideApply({ current: first, applied: { apiVersion: v, kind: 'Event', metadata: { name: 'e1', labels: { tier: 'front' } } }, manager: 'other', force: false, apiVersion: v, time: t2 }),
  );
  const third = serverSideApply({ current: shared, applied: config({}, { app: 'web' }), manager: 'kubectl', force: false, apiVersion: v, time: t3 });
  assert.deepEqual(third.metadata.labels, { app: 'web', tier: 'front' });
  // The object did not change, so kubectl's entry keeps its first time and still sorts first.
  assert.deepEqual(entries(third).map((e) => [e.manager, e.time]), [['kubectl', t1], ['other', t2]]);
});

test('fields set by others are kept when the applier never applied them', () => {
  const created = stored(updateManagedFields({ newObj: config({ action: 'Pull' }), manager: 'creator', operation: 'Update', apiVersion: v, time: t1 }));
  const out = serverSideApply({ current: created, applied: config(), manager: 'kubectl', force: false, apiVersion: v, time: t2 });
  assert.equal(out.action, 'Pull');
  assert.equal(out.metadata.uid, 'uid-1');
  assert.equal(out.metadata.resourceVersion, '7');
});

// metav1.OwnerReference is `+structType=atomic` (published as x-kubernetes-map-type: atomic): each
// item is owned as one field, as Kubernetes records `k:{"uid":"..."}: {}`.
test('ownerReferences merge by uid and are owned item by item', () => {
  const first = stored(
    serverSideApply({
      applied: { ...config(), metadata: { name: 'e1', ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'a' }] } },
      manager: 'one',
      force: false,
      apiVersion: v,
      time: t1,
    }),
  );
  const second = serverSideApply({
    current: first,
    applied: { apiVersion: v, kind: 'Event', metadata: { name: 'e1', ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'q', uid: 'b' }] } },
    manager: 'two',
    force: false,
    apiVersion: v,
    time: t2,
  });
  assert.deepEqual((second.metadata.ownerReferences as { uid: string }[]).map((o) => o.uid), ['a', 'b']);
  const two = entries(second).find((e) => e.manager === 'two')!;
  assert.deepEqual(two.fieldsV1, {
    'f:metadata': { 'f:ownerReferences': { 'k:{"uid":"b"}': {} } },
  });
});

test('an object nobody tracked is owned by before-first-apply', () => {
  const legacy = stored(config({ action: 'Pull' }));
  const err = conflictOf(() => serverSideApply({ current: legacy, applied: config({ note: 'x' }), manager: 'kubectl', force: false, apiVersion: v, time: t2 }));
  assert.match(err.message, /conflict with "before-first-apply" using events.orch.io\/v1: \.note/);
});

test('bad apply configurations are 400', () => {
  const bad = (applied: ApiObject, re: RegExp) =>
    assert.throws(
      () => serverSideApply({ applied, manager: 'kubectl', force: false, apiVersion: v, time: t1 }),
      (e: unknown) => e instanceof StatusError && e.code === 400 && re.test(e.message),
    );
  bad({ ...config(), apiVersion: 'events.orch.io/v2' }, /Incorrect version specified in apply patch. Specified patch version: events.orch.io\/v2, expected: events.orch.io\/v1/);
  bad({ ...config(), kind: '' }, /Kind/);
  bad({ ...config(), metadata: { name: 'e1', managedFields: [] } }, /metadata.managedFields must be nil/);
});

test('re-applying the same configuration changes nothing, not even the time', () => {
  const first = stored(serverSideApply({ applied: config(), manager: 'kubectl', force: false, apiVersion: v, time: t1 }));
  const again = serverSideApply({ current: first, applied: config(), manager: 'kubectl', force: false, apiVersion: v, time: t2 });
  assert.deepEqual(again, first);
});

test('two appliers disagreeing on a value: the conflict names the applier without a version', () => {
  const first = stored(serverSideApply({ applied: config(), manager: 'one', force: false, apiVersion: v, time: t1 }));
  const err = conflictOf(() => serverSideApply({ current: first, applied: config({ reason: 'Other' }), manager: 'two', force: false, apiVersion: v, time: t2 }));
  assert.equal(err.message, 'Apply failed with 1 conflict: conflict with "one": .reason');
  assert.deepEqual(err.status.details?.causes, [{ reason: 'FieldManagerConflict', message: 'conflict with "one"', field: '.reason' }]);
  // Forced, "two" takes .reason; "one" keeps the rest and, when it re-applies, is the one in conflict.
  const forced = stored(serverSideApply({ current: first, applied: config({ reason: 'Other' }), manager: 'two', force: true, apiVersion: v, time: t2 }));
  assert.equal(forced.reason, 'Other');
  const back = conflictOf(() => serverSideApply({ current: forced, applied: config(), manager: 'one', force: false, apiVersion: v, time: t3 }));
  assert.equal(back.message, 'Apply failed with 1 conflict: conflict with "two": .reason');
});

test("kubectl's server-side apply takes over what its client-side apply set, and only that", () => {
  const lastApplied = config({ note: 'hello' });
  const annotated = { ...lastApplied, metadata: { ...lastApplied.metadata, annotations: { 'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(lastApplied) } } };
  // The server filled in a field the configuration left out, so the live note differs from no note at all.
  const live = stored(updateManagedFields({ newObj: { ...annotated, note: 'hello, defaulted' }, manager: 'kubectl-client-side-apply', operation: 'Update', apiVersion: v, time: t1 }));

  const upgraded = serverSideApply({ current: live, applied: config({ note: 'hello' }, { app: 'web', tier: 'front' }), manager: 'kubectl', force: false, apiVersion: v, time: t2 });
  assert.equal(upgraded.note, 'hello');
  assert.deepEqual(upgraded.metadata.labels, { app: 'web', tier: 'front' });
  const kubectl = entries(upgraded).find((e) => e.manager === 'kubectl')!;
  assert.ok((kubectl.fieldsV1 as Record<string, unknown>)['f:note'] !== undefined, 'kubectl owns the note now');

  // Another manager gets no such pass, and neither does kubectl on a field the last apply did not set.
  assert.equal(conflictOf(() => serverSideApply({ current: live, applied: config({ note: 'other' }), manager: 'someone-else', force: false, apiVersion: v, time: t2 })).code, 409);
  const owned = stored(updateManagedFields({ oldObj: live, newObj: { ...live, action: 'Pull' }, manager: 'controller', operation: 'Update', apiVersion: v, time: t2 }));
  assert.equal(conflictOf(() => serverSideApply({ current: owned, applied: config({ action: 'Push' }), manager: 'kubectl', force: false, apiVersion: v, time: t3 })).code, 409);
});

// events.orch.io Event's regarding is a core/v1 ObjectReference, `+structType=atomic` in Kubernetes
// and published with x-kubernetes-map-type: atomic: apply owns it as one field and replaces it
// whole, as structured-merge-diff does for an atomic map.
test('an atomic struct is owned as one field and replaced whole', () => {
  const first = stored(
    serverSideApply({ applied: config({ regarding: { kind: 'Pod', name: 'p', namespace: 'default' } }), manager: 'one', force: false, apiVersion: v, time: t1 }),
  );
  assert.deepEqual(entries(first)[0]!.fieldsV1['f:regarding'], {});
  const again = serverSideApply({ current: first, applied: config({ regarding: { kind: 'Node', name: 'n' } }), manager: 'one', force: false, apiVersion: v, time: t2 });
  assert.deepEqual(again.regarding, { kind: 'Node', name: 'n' }, 'no field of the old value is kept');
  const err = conflictOf(() =>
    serverSideApply({ current: first, applied: config({ regarding: { kind: 'Pod', name: 'p', namespace: 'other' } }), manager: 'two', force: false, apiVersion: v, time: t2 }),
  );
  assert.match(err.message, /conflict with "one": \.regarding$/m);
});
