// Bootstrap reconciliation when another API server writes the same object at the same moment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alreadyExists, badRequest, conflict } from '../../machinery/status.ts';
import { reconcileRacing } from './bootstrap-reconcile.ts';

const roles = { group: 'rbac.authorization.orch.io', resource: 'clusterroles' };

test('a reconciliation that lost a race to another server runs again', async () => {
  const raced = [alreadyExists(roles, 'admin'), conflict(roles, 'admin', 'changed')];
  let runs = 0;
  await reconcileRacing(async () => {
    runs++;
    const err = raced.shift();
    if (err) throw err;
  });
  assert.equal(runs, 3);
});

test('other failures, and a race that never ends, are not hidden', async () => {
  await assert.rejects(reconcileRacing(async () => Promise.reject(badRequest('broken'))), /broken/);
  let runs = 0;
  await assert.rejects(
    reconcileRacing(async () => {
      runs++;
      throw alreadyExists(roles, 'admin');
    }),
    /already exists/,
  );
  assert.equal(runs, 5);
});
