// The bootstrap policy's reconciliation over a real SQLite store: a first start creates every role
// and binding, a restart changes nothing, and a role that lost a rule (or has a narrower one) gets
// the rule back beside what an administrator added.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterRole, RoleBinding } from '../../../../api/rbac/v1/types.ts';
import { codecFor } from '../../../../storage/codecs/index.ts';
import type { Kv } from '../../../../storage/kv/interface.ts';
import { openSqliteKv } from '../../../../storage/kv/sqlite/index.ts';
import { createStore } from '../../../../storage/store.ts';
import type { InstalledResource } from '../../generic/context.ts';
import { getObject } from '../../generic/get.ts';
import { updateObject } from '../../generic/update.ts';
import { rbacDeclarations } from '../declarations.ts';
import { bootstrapClusterRoleBindings, bootstrapClusterRoles } from './policy.ts';
import { reconcileBootstrapPolicy, type ReconcileTargets } from './reconcile.ts';

let dir: string;
let kv: Kv;
let targets: ReconcileTargets;

function installed<T extends ClusterRole | RoleBinding>(kind: string): InstalledResource<T, T> {
  const declaration = rbacDeclarations().find((d) => d.kind === kind)!;
  return { declaration, store: createStore<T>({ kv, codec: codecFor('application/json'), groupResource: declaration.storageResource }) };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'orch-rbac-reconcile-'));
  kv = await openSqliteKv(join(dir, 'orch.db'));
  targets = { clusterRoles: installed<ClusterRole>('ClusterRole'), clusterRoleBindings: installed<RoleBinding>('ClusterRoleBinding') };
});

after(async () => {
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the first start creates the policy and a restart leaves it as it is', async () => {
  const first = await reconcileBootstrapPolicy(targets);
  assert.equal(first.created.length, bootstrapClusterRoles().length + bootstrapClusterRoleBindings().length);
  assert.deepEqual(first.updated, []);
  const again = await reconcileBootstrapPolicy(targets);
  assert.deepEqual(again, { created: [], updated: [] });
});

test('a rule taken away or narrowed comes back; rules an administrator added stay', async () => {
  const view = await getObject(targets.clusterRoles, 'view', '');
  const wanted = bootstrapClusterRoles().find((r) => r.metadata.name === 'view')!.rules!;
  const narrowed = { ...wanted[0]!, verbs: wanted[0]!.verbs.slice(0, 1) };
  const extra = { apiGroups: ['example.com'], resources: ['widgets'], verbs: ['get'] };
  await updateObject(targets.clusterRoles, 'view', '', { ...view, rules: [narrowed, ...wanted.slice(2), extra] }, { dryRun: false, fieldValidation: 'Ignore' });

  const report = await reconcileBootstrapPolicy(targets);
  assert.deepEqual(report, { created: [], updated: ['clusterroles/view'] });
  const rules = (await getObject(targets.clusterRoles, 'view', '')).rules!;
  assert.deepEqual(rules, [narrowed, ...wanted.slice(2), extra, wanted[0], wanted[1]]);
});
