import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadApiserverOptions } from '../../options/apiserver-command.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import { getObject } from '../../apiserver/registry/generic/get.ts';
import { isStatusError } from '../../machinery/status.ts';
import { etcdSkipReason, startEtcd } from '../../../test/support/etcd.ts';
import { composeApiserver } from './compose.ts';
import { apiserverOptions } from '../../options/apiserver-options.ts';

function find(resources: InstalledResource<any, any>[], group: string, resource: string): InstalledResource<any, any> {
  const found = resources.find((r) => !r.subresource && r.declaration.group === group && r.declaration.plural === resource);
  assert.ok(found, `${group}/${resource} is served`);
  return found;
}

test('each resource names the backend it is stored on: overridden ones their override, the rest the main store', { skip: etcdSkipReason() }, async (t) => {
  const etcd = await startEtcd();
  t.after(() => etcd.stop());
  const dataDir = mkdtempSync(join(tmpdir(), 'orch-build-resources-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const servers = etcd.endpoints.join(';');
  const loaded = loadApiserverOptions(['--data-dir', dataDir, `--kvstore-servers-overrides=/events#${servers},rbac.authorization.orch.io/roles#${servers}`]);
  assert.equal(loaded.kind, 'run', loaded.kind === 'exit' ? loaded.stderr : '');
  if (loaded.kind !== 'run') return;
  const { storage, resources, core, close } = await composeApiserver(apiserverOptions(loaded.values));
  t.after(() => close());

  assert.equal(storage.backendName, 'sqlite');
  assert.equal(find(resources, '', 'events').storeName, 'etcd');
  assert.equal(find(resources, 'events.orch.io', 'events').storeName, 'etcd', 'both event groups share the overridden store');
  assert.equal(find(resources, 'rbac.authorization.orch.io', 'roles').storeName, 'etcd');
  assert.equal(find(resources, 'rbac.authorization.orch.io', 'clusterroles').storeName, 'sqlite');
  assert.equal(find(resources, '', 'configmaps').storeName, 'sqlite');
  assert.equal(find(resources, '', 'secrets').storeName, 'sqlite');
  assert.equal(find(resources, 'admissionregistration.orch.io', 'validatingwebhookconfigurations').storeName, 'sqlite');
  assert.equal(find(resources, 'flowcontrol.apiserver.orch.io', 'flowschemas').storeName, 'sqlite');
  assert.equal(core.namespaces.storeName, 'sqlite');

  // What a client sees: with the override's etcd down, an event read answers 503 naming etcd,
  // and resources on the main store keep answering.
  await etcd.stopMember(0);
  await assert.rejects(getObject(find(resources, '', 'events'), 'missing', 'default'), (err) => {
    assert.ok(isStatusError(err));
    assert.equal(err.status.code, 503);
    assert.equal(err.status.message, 'the etcd backend is unreachable');
    return true;
  });
  await assert.rejects(getObject(find(resources, '', 'configmaps'), 'missing', 'default'), (err) => {
    assert.ok(isStatusError(err));
    assert.equal(err.status.code, 404, 'the main store still answers');
    return true;
  });
});
