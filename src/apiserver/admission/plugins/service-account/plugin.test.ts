import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServiceAccount } from '../../../../api/core/v1/service-account-types.ts';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { serviceAccount } from './plugin.ts';
import type { ServiceAccountReader } from './reader.ts';
import { admitAndValidate, container, coreAttrs, pod } from '../core-v1/testing.ts';

function accountsOf(...items: ServiceAccount[]): ServiceAccountReader & { lookups: number } {
  const reader = {
    lookups: 0,
    async get(namespace: string, name: string) {
      reader.lookups++;
      return items.find((a) => a.metadata.namespace === namespace && a.metadata.name === name);
    },
  };
  return reader;
}
const account = (name: string, over: Partial<ServiceAccount> = {}): ServiceAccount => ({ metadata: { name, namespace: 'team' }, ...over });
const plugin = (reader: ServiceAccountReader) => serviceAccount({ accounts: () => reader, sleep: async () => {}, tokenVolumeName: () => 'orch-api-access-abcde' });

test('a pod runs as the default account and every container mounts the token volume', async () => {
  const p = pod('web', [container('a'), container('b')], { initContainers: [container('init')] });
  await admitAndValidate(plugin(accountsOf(account('default'))), coreAttrs('pods', p));
  assert.equal(p.spec!.serviceAccountName, 'default');
  const mount = { name: 'orch-api-access-abcde', readOnly: true, mountPath: '/var/run/secrets/orch.io/serviceaccount' };
  for (const c of [...p.spec!.initContainers!, ...p.spec!.containers]) assert.deepEqual(c.volumeMounts, [mount]);
  assert.deepEqual(p.spec!.volumes, [
    {
      name: 'orch-api-access-abcde',
      projected: {
        sources: [
          { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
          { configMap: { name: 'orch-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
          { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
        ],
        defaultMode: 420,
      },
    },
  ]);
});

test('the generated volume name has the prefix and five random characters', async () => {
  const p = pod('web');
  await serviceAccount({ accounts: () => accountsOf(account('default')) }).admit!(coreAttrs('pods', p));
  assert.match(p.spec!.volumes![0]!.name, /^orch-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
});

test('automount off on the pod or the account (the pod wins), and a mount already at the path, leave the pod alone', async () => {
  const off = pod('web', undefined, { automountServiceAccountToken: false });
  await admitAndValidate(plugin(accountsOf(account('default'))), coreAttrs('pods', off));
  assert.equal(off.spec!.volumes, undefined);
  const accountOff = pod('web');
  await admitAndValidate(plugin(accountsOf(account('default', { automountServiceAccountToken: false }))), coreAttrs('pods', accountOff));
  assert.equal(accountOff.spec!.volumes, undefined);
  const podOn = pod('web', undefined, { automountServiceAccountToken: true });
  await admitAndValidate(plugin(accountsOf(account('default', { automountServiceAccountToken: false }))), coreAttrs('pods', podOn));
  assert.equal(podOn.spec!.volumes!.length, 1);
  const own = pod('web', [container('a', undefined, { volumeMounts: [{ name: 'mine', mountPath: '/var/run/secrets/orch.io/serviceaccount' }] })]);
  await admitAndValidate(plugin(accountsOf(account('default'))), coreAttrs('pods', own));
  assert.equal(own.spec!.volumes, undefined);
});

test("the account's image pull secrets go to a pod that names none", async () => {
  const reader = accountsOf(account('builder', { imagePullSecrets: [{ name: 'registry' }] }));
  const p = pod('web', undefined, { serviceAccountName: 'builder' });
  await admitAndValidate(plugin(reader), coreAttrs('pods', p));
  assert.deepEqual(p.spec!.imagePullSecrets, [{ name: 'registry' }]);
  const own = pod('web', undefined, { serviceAccountName: 'builder', imagePullSecrets: [{ name: 'mine' }] });
  await admitAndValidate(plugin(reader), coreAttrs('pods', own));
  assert.deepEqual(own.spec!.imagePullSecrets, [{ name: 'mine' }]);
});

test('a missing account refuses the pod; the default account is looked up ten times first', async () => {
  const reader = accountsOf();
  await assert.rejects(async () => plugin(reader).admit!(coreAttrs('pods', pod('web', undefined, { serviceAccountName: 'robot' }))), {
    code: 403,
    message: 'pods "web" is forbidden: error looking up service account team/robot: serviceaccount "robot" not found',
  });
  assert.equal(reader.lookups, 2);
  reader.lookups = 0;
  await assert.rejects(async () => plugin(reader).admit!(coreAttrs('pods', pod('web'))), { message: 'pods "web" is forbidden: error looking up service account team/default: serviceaccount "default" not found' });
  assert.equal(reader.lookups, 11);
});

test('mirror pods are not changed and may use neither accounts nor secrets', async () => {
  const mirror = (spec: Partial<NonNullable<Pod['spec']>>) => {
    const p = pod('static-web', undefined, spec);
    p.metadata.annotations = { 'orch.io/config.mirror': 'abc' };
    return p;
  };
  const p = mirror({});
  await admitAndValidate(plugin(accountsOf(account('default'))), coreAttrs('pods', p));
  assert.equal(p.spec!.serviceAccountName, undefined);
  assert.equal(p.spec!.volumes, undefined);
  await assert.rejects(async () => plugin(accountsOf()).admit!(coreAttrs('pods', mirror({ serviceAccountName: 'default' }))), { message: 'pods "static-web" is forbidden: a mirror pod may not reference service accounts' });
  await assert.rejects(async () => plugin(accountsOf()).admit!(coreAttrs('pods', mirror({ volumes: [{ name: 's', secret: { secretName: 'x' } }] }))), { message: 'pods "static-web" is forbidden: a mirror pod may not reference secrets' });
  await assert.rejects(async () => plugin(accountsOf()).admit!(coreAttrs('pods', mirror({ volumes: [{ name: 't', projected: { sources: [{ serviceAccountToken: { path: 't' } }] } }] }))), {
    message: 'pods "static-web" is forbidden: a mirror pod may not use ServiceAccountToken volume projections',
  });
});

test('an account that enforces mountable secrets limits the secrets its pods use', async () => {
  const strict = account('default', { metadata: { name: 'default', namespace: 'team', annotations: { 'orch.io/enforce-mountable-secrets': 'true' } }, secrets: [{ name: 'allowed' }] });
  const reader = accountsOf(strict);
  await admitAndValidate(plugin(reader), coreAttrs('pods', pod('ok', undefined, { volumes: [{ name: 's', secret: { secretName: 'allowed' } }] })));
  await assert.rejects(async () => admitAndValidate(plugin(reader), coreAttrs('pods', pod('web', undefined, { volumes: [{ name: 's', secret: { secretName: 'other' } }] }))), {
    message: 'pods "web" is forbidden: volume with secret.secretName="other" is not allowed because service account default does not reference that secret',
  });
  const env = pod('web', [container('a', undefined, { envFrom: [{ secretRef: { name: 'other' } }] })]);
  await assert.rejects(async () => admitAndValidate(plugin(reader), coreAttrs('pods', env)), {
    message: 'pods "web" is forbidden: container a with envFrom referencing secret.secretName="other" is not allowed because service account default does not reference that secret',
  });
  const ephemeral = pod('web', undefined, { serviceAccountName: 'default', ephemeralContainers: [{ name: 'debug', env: [{ name: 'T', valueFrom: { secretKeyRef: { name: 'other', key: 'k' } } }] }] });
  await assert.rejects(async () => plugin(reader).validate!(coreAttrs('pods', ephemeral, { operation: 'UPDATE', subresource: 'ephemeralcontainers', oldObject: pod('web') })), {
    code: 403,
    message: 'ephemeral container debug with envVar T referencing secret.secretName="other" is not allowed because service account default does not reference that secret',
  });
});

test('pods of other subresources, updates of the pod and other resources are left alone', async () => {
  const reader = accountsOf();
  const p = pod('web');
  await admitAndValidate(plugin(reader), coreAttrs('pods', p, { operation: 'UPDATE', oldObject: pod('web') }));
  await admitAndValidate(plugin(reader), coreAttrs('pods', p, { subresource: 'status' }));
  await admitAndValidate(plugin(reader), coreAttrs('configmaps', { metadata: { name: 'c' } }));
  assert.equal(reader.lookups, 0);
});
