// --use-service-account-credentials end to end: the shipped orch-apiserver (RBAC, service account
// tokens, an audit log at Metadata level) and the real orch-controller-manager. Each controller's
// account is created in orch-system, and its writes are made as that account, as the audit log
// shows; without the option they are made as the manager's own user.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { makeTempDir } from '../support/apiserver.ts';
import { readJsonLines } from '../support/json-lines.ts';
import { deferredHooks, startDaemon, type StorageDaemon } from '../support/daemon.ts';
import { spawnControllerManager, writeOrchconfig, type SpawnedControllerManager } from '../../src/controllermanager/testing/spawn.ts';

let daemon: StorageDaemon;
let orchconfig: string;
let auditLog: string;
const children: SpawnedControllerManager[] = [];
const daemonHooks = deferredHooks();

before(async () => {
  const dir = makeTempDir('orch-sa-creds-');
  auditLog = join(dir, 'audit.log');
  writeFileSync(join(dir, 'audit-policy.yaml'), 'apiVersion: audit.orch.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: Metadata\n');
  daemon = await startDaemon(daemonHooks, dir, [`--audit-policy-file=${join(dir, 'audit-policy.yaml')}`, `--audit-log-path=${auditLog}`]);
  orchconfig = writeOrchconfig(dir, { url: daemon.url, caFile: daemon.caFile, token: daemon.token });
});
after(async () => {
  for (const c of children) c.kill('SIGTERM');
  for (const c of children) await c.exited;
  await daemonHooks.run();
});

const api = (method: string, path: string, body?: unknown) => daemon.call(method, path, body);

interface AuditEvent { verb: string; stage: string; user: { username: string }; objectRef?: { resource?: string; namespace?: string; name?: string; subresource?: string }; responseStatus?: { code?: number } }

function audit(): AuditEvent[] {
  return readJsonLines<AuditEvent>(auditLog);
}

async function waitForWriter(resource: string, namespace: string, cm: SpawnedControllerManager): Promise<string> {
  const end = Date.now() + 20_000;
  for (;;) {
    const e = audit().find((a) => a.verb === 'create' && a.stage === 'ResponseComplete' && a.objectRef?.resource === resource && a.objectRef.namespace === namespace && a.responseStatus?.code === 201);
    if (e) return e.user.username;
    if (Date.now() > end) throw new Error(`no create of ${resource} in ${namespace}\n${cm.stderr().slice(-3000)}`);
    await delay(100);
  }
}

const CONTROLLERS = '--controllers=serviceaccount-controller,root-ca-certificate-publisher-controller,clusterrole-aggregation-controller';

test('with --use-service-account-credentials each controller writes as orch-system/<controller>', async (t) => {
  const cm = spawnControllerManager([`--orchconfig=${orchconfig}`, '--secure-port=0', '--leader-elect=false', `--root-ca-file=${daemon.caFile}`, '--use-service-account-credentials', CONTROLLERS, '-v=2']);
  children.push(cm);
  // Stopped even when an assertion fails, so that the next test's writes are not this manager's.
  t.after(() => cm.kill('SIGTERM'));
  await cm.waitForLog(/Started controllers/);
  assert.equal((await api('POST', '/api/v1/namespaces', { metadata: { name: 'creds' } })).status, 201);
  assert.equal(await waitForWriter('serviceaccounts', 'creds', cm), 'system:serviceaccount:orch-system:serviceaccount-controller');
  assert.equal(await waitForWriter('configmaps', 'creds', cm), 'system:serviceaccount:orch-system:root-ca-certificate-publisher');

  // The accounts were created, and their tokens came from TokenRequest by the manager.
  for (const account of ['serviceaccount-controller', 'root-ca-certificate-publisher', 'clusterrole-aggregation-controller']) {
    assert.equal((await api('GET', `/api/v1/namespaces/orch-system/serviceaccounts/${account}`)).status, 200, account);
    assert.ok(audit().some((a) => a.verb === 'create' && a.objectRef?.subresource === 'token' && a.objectRef.name === account && a.user.username !== `system:serviceaccount:orch-system:${account}`));
  }

  // The aggregation controller patches as its own account too (RBAC lets it escalate).
  assert.equal((await api('POST', '/apis/rbac.authorization.orch.io/v1/clusterroles', { metadata: { name: 'leaf', labels: { 'example.com/agg': 'y' } }, rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] })).status, 201);
  assert.equal((await api('POST', '/apis/rbac.authorization.orch.io/v1/clusterroles', { metadata: { name: 'collector' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'example.com/agg': 'y' } }] } })).status, 201);
  const end = Date.now() + 20_000;
  let patch: AuditEvent | undefined;
  while (!(patch = audit().find((a) => a.verb === 'patch' && a.objectRef?.name === 'collector' && a.stage === 'ResponseComplete')) && Date.now() < end) await delay(100);
  assert.equal(patch?.user.username, 'system:serviceaccount:orch-system:clusterrole-aggregation-controller', cm.stderr().slice(-2000));
  assert.equal(patch?.responseStatus?.code, 200);
  cm.kill('SIGTERM');
  assert.equal(await cm.exited, 0);
});

test('without it the controllers write as the manager\'s own user', async () => {
  const cm = spawnControllerManager([`--orchconfig=${orchconfig}`, '--secure-port=0', '--leader-elect=false', `--root-ca-file=${daemon.caFile}`, CONTROLLERS]);
  children.push(cm);
  await cm.waitForLog(/Started controllers/);
  assert.equal((await api('POST', '/api/v1/namespaces', { metadata: { name: 'plain' } })).status, 201);
  assert.equal(await waitForWriter('serviceaccounts', 'plain', cm), 'orch-admin');
});
