// The RBAC index kept current from real SQLite stores: objects written after the first list
// arrive through the watch, deletions remove the rights they carried.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { openSqliteKv } from '../../../storage/kv/sqlite/index.ts';
import { createStore } from '../../../storage/store.ts';
import { codecFor } from '../../../storage/codecs/index.ts';
import type { ApiObject, Store } from '../../../storage/interface.ts';
import { rbacDeclarations } from '../../registry/rbac/declarations.ts';
import { collectionPrefix, objectKey } from '../../registry/generic/keys.ts';
import type { UserInfo } from '../../../component-base/serving/request-context.ts';
import { RbacPolicyIndex, type RbacKind } from './policy-index.ts';
import { syncPolicyIndex } from './policy-sync.ts';
import { rbacAuthorizer } from './authorizer.ts';
import type { Attributes } from '../../../machinery/authorization/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'orch-rbac-index-'));
const kv = await openSqliteKv(join(dir, 'db.sqlite'));
const decls = rbacDeclarations();
const stores = new Map<RbacKind, Store<ApiObject>>();
for (const d of decls) stores.set(d.kind as RbacKind, createStore<ApiObject>({ kv, codec: codecFor('application/json'), groupResource: d.storageResource }));
const declOf = (kind: RbacKind) => decls.find((d) => d.kind === kind)!;
const index = new RbacPolicyIndex();
const sync = syncPolicyIndex(
  index,
  decls.map((d) => ({ kind: d.kind as RbacKind, store: stores.get(d.kind as RbacKind)!, prefix: collectionPrefix(d, '') })),
);
after(async () => {
  sync.stop();
  for (const s of stores.values()) await s.close();
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

const RBAC = 'rbac.authorization.orch.io';
const put = (kind: RbacKind, obj: Record<string, unknown> & { metadata: { name: string; namespace?: string } }) =>
  stores.get(kind)!.create(objectKey(declOf(kind), obj.metadata.namespace ?? '', obj.metadata.name), { apiVersion: `${RBAC}/v1`, kind, ...obj } as ApiObject);
const remove = (kind: RbacKind, namespace: string, name: string) => stores.get(kind)!.delete(objectKey(declOf(kind), namespace, name));

const alice: UserInfo = { name: 'alice', uid: '', groups: ['dev', 'system:authenticated'] };
const bob: UserInfo = { name: 'bob', uid: '', groups: ['system:authenticated'] };
const attrs = (user: UserInfo, verb: string, resource: string, namespace: string): Attributes => ({
  user, verb, isResourceRequest: true, path: '', namespace, apiGroup: '', apiVersion: 'v1', resource, subresource: '', name: '',
});
const authorizer = rbacAuthorizer({ index, synced: sync.synced });

async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await delay(10);
  }
  assert.fail('the index did not catch up');
}

test('objects stored before the first list are indexed; the authorizer waits for it', async () => {
  await put('ClusterRole', { metadata: { name: 'cm-reader' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }] });
  await put('ClusterRoleBinding', {
    metadata: { name: 'devs-read' },
    roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: 'cm-reader' },
    subjects: [{ kind: 'Group', apiGroup: RBAC, name: 'dev' }],
  });
  await sync.synced;
  await eventually(async () => (await authorizer.authorize(attrs(alice, 'list', 'configmaps', 'x'))).decision === 'allow');
  const result = await authorizer.authorize(attrs(alice, 'get', 'configmaps', 'x'));
  assert.deepEqual(result, { decision: 'allow', reason: 'RBAC: allowed by ClusterRoleBinding "devs-read" of ClusterRole "cm-reader" to Group "dev"' });
  assert.equal((await authorizer.authorize(attrs(bob, 'get', 'configmaps', 'x'))).decision, 'noOpinion');
  assert.equal((await authorizer.authorize(attrs(alice, 'delete', 'configmaps', 'x'))).decision, 'noOpinion');
});

test('a RoleBinding added through the watch grants in its namespace only; deleting it takes the right away', async () => {
  await put('Role', { metadata: { name: 'secret-reader', namespace: 'ns1' }, rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }] });
  await put('RoleBinding', {
    metadata: { name: 'bob-secrets', namespace: 'ns1' },
    roleRef: { apiGroup: RBAC, kind: 'Role', name: 'secret-reader' },
    subjects: [{ kind: 'User', apiGroup: RBAC, name: 'bob' }],
  });
  await eventually(() => index.rulesFor(bob, 'ns1').rules.length === 1);
  const allowed = await authorizer.authorize(attrs(bob, 'get', 'secrets', 'ns1'));
  assert.deepEqual(allowed, { decision: 'allow', reason: 'RBAC: allowed by RoleBinding "bob-secrets/ns1" of Role "secret-reader" to User "bob"' });
  assert.equal((await authorizer.authorize(attrs(bob, 'get', 'secrets', 'ns2'))).decision, 'noOpinion');
  assert.equal((await authorizer.authorize(attrs(bob, 'get', 'secrets', ''))).decision, 'noOpinion', 'a namespaced grant is not cluster-wide');
  await remove('RoleBinding', 'ns1', 'bob-secrets');
  await eventually(() => index.rulesFor(bob, 'ns1').rules.length === 0);
  assert.equal((await authorizer.authorize(attrs(bob, 'get', 'secrets', 'ns1'))).decision, 'noOpinion');
});

test('a role edited through the watch changes what its bindings grant; a deleted role is a resolution error', async () => {
  await put('RoleBinding', {
    metadata: { name: 'alice-cm', namespace: 'ns3' },
    roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: 'cm-writer' },
    subjects: [{ kind: 'User', apiGroup: RBAC, name: 'alice' }],
  });
  await eventually(() => index.rulesFor(alice, 'ns3').errors.length === 1);
  const missing = await authorizer.authorize(attrs(alice, 'create', 'configmaps', 'ns3'));
  assert.deepEqual(missing, { decision: 'noOpinion', reason: `RBAC: clusterrole.${RBAC} "cm-writer" not found` });
  await put('ClusterRole', { metadata: { name: 'cm-writer' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['create'] }] });
  await eventually(async () => (await authorizer.authorize(attrs(alice, 'create', 'configmaps', 'ns3'))).decision === 'allow');
  await stores.get('ClusterRole')!.guaranteedUpdate(objectKey(declOf('ClusterRole'), '', 'cm-writer'), {
    tryUpdate: (cur) => ({ object: { ...cur!, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['update'] }] } as ApiObject }),
  });
  await eventually(async () => (await authorizer.authorize(attrs(alice, 'create', 'configmaps', 'ns3'))).decision === 'noOpinion');
  assert.equal((await authorizer.authorize(attrs(alice, 'update', 'configmaps', 'ns3'))).decision, 'allow');
});

test('ServiceAccount subjects default to the binding namespace; subjects of unknown kinds never match', () => {
  const idx = new RbacPolicyIndex();
  idx.set('ClusterRole', { metadata: { name: 'r' }, rules: [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }] } as never);
  idx.set('RoleBinding', {
    metadata: { name: 'b', namespace: 'team' },
    roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: 'r' },
    subjects: [{ kind: 'ServiceAccount', name: 'builder' }, { kind: 'Robot', name: 'alice' }],
  } as never);
  const sa: UserInfo = { name: 'system:serviceaccount:team:builder', uid: '', groups: [] };
  const otherSa: UserInfo = { name: 'system:serviceaccount:other:builder', uid: '', groups: [] };
  assert.equal(idx.rulesFor(sa, 'team').rules.length, 1);
  assert.equal(idx.rulesFor(otherSa, 'team').rules.length, 0);
  assert.equal(idx.rulesFor(alice, 'team').rules.length, 0);
  // Replacing the binding without the subject drops it from the index.
  idx.set('RoleBinding', { metadata: { name: 'b', namespace: 'team' }, roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name: 'r' }, subjects: [] } as never);
  assert.equal(idx.rulesFor(sa, 'team').rules.length, 0);
});
