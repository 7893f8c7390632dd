// Persistent volumes and claims with the real kubectl: `kubectl apply` of a volume and a claim,
// `kubectl get pv,pvc` with the columns Kubernetes prints (access modes abbreviated, the claim
// as namespace/name), VOLUMEMODE with -o wide, and Kubernetes' message for an invalid claim.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCoreApiserver, type CoreApiserver } from '../support/core-apiserver.ts';
import { kubectlFor, kubectlSkip as skip, type Kubectl } from '../support/kubectl.ts';

let s: CoreApiserver;
let k: Kubectl;
before(async () => {
  if (skip) return;
  s = await startCoreApiserver();
  k = kubectlFor(s);
});
after(async () => {
  if (skip) return;
  k.close();
  await s.stop();
});

const MANIFESTS = `apiVersion: v1
kind: PersistentVolume
metadata:
  name: data
spec:
  capacity:
    storage: 5Gi
  accessModes: [ReadWriteOnce, ReadOnlyMany]
  storageClassName: manual
  claimRef:
    namespace: default
    name: data-claim
  hostPath:
    path: /srv/data
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data-claim
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: manual
  resources:
    requests:
      storage: 5Gi
`;

test('kubectl apply, then get pv,pvc prints both tables as Kubernetes does', { skip }, async () => {
  const applied = await k.run(['apply', '-f', k.file('volumes.yaml', MANIFESTS)]);
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(applied.stdout, /persistentvolume\/data created/);
  assert.match(applied.stdout, /persistentvolumeclaim\/data-claim created/);
  // What the binder would write once it matched them.
  const merge = { 'content-type': 'application/merge-patch+json' };
  assert.equal((await s.call('PATCH', '/api/v1/persistentvolumes/data/status', { status: { phase: 'Bound' } }, merge)).status, 200);
  assert.equal((await s.call('PATCH', '/api/v1/namespaces/default/persistentvolumeclaims/data-claim', { spec: { volumeName: 'data' } }, merge)).status, 200);
  const bound = { status: { phase: 'Bound', accessModes: ['ReadWriteOnce', 'ReadOnlyMany'], capacity: { storage: '5Gi' } } };
  assert.equal((await s.call('PATCH', '/api/v1/namespaces/default/persistentvolumeclaims/data-claim/status', bound, merge)).status, 200);

  const got = await k.run(['get', 'pv,pvc']);
  assert.equal(got.code, 0, got.stderr);
  const [pvs, pvcs] = got.stdout.trimEnd().split('\n\n');
  const [pvHeader, pvRow] = pvs!.split('\n');
  assert.match(pvHeader!, /^NAME\s+CAPACITY\s+ACCESS MODES\s+RECLAIM POLICY\s+STATUS\s+CLAIM\s+STORAGECLASS\s+VOLUMEATTRIBUTESCLASS\s+REASON\s+AGE$/);
  assert.match(pvRow!, /^persistentvolume\/data\s+5Gi\s+RWO,ROX\s+Retain\s+Bound\s+default\/data-claim\s+manual\s+<unset>\s+\S+$/);
  const [pvcHeader, pvcRow] = pvcs!.split('\n');
  assert.match(pvcHeader!, /^NAME\s+STATUS\s+VOLUME\s+CAPACITY\s+ACCESS MODES\s+STORAGECLASS\s+VOLUMEATTRIBUTESCLASS\s+AGE$/);
  assert.match(pvcRow!, /^persistentvolumeclaim\/data-claim\s+Bound\s+data\s+5Gi\s+RWO,ROX\s+manual\s+<unset>\s+\S+$/);

  const wide = await k.run(['get', 'pvc', '-o', 'wide']);
  assert.equal(wide.code, 0, wide.stderr);
  const [wideHeader, wideRow] = wide.stdout.trimEnd().split('\n');
  assert.match(wideHeader!, /\s+AGE\s+VOLUMEMODE$/);
  assert.match(wideRow!, /^data-claim\s.*\sFilesystem$/);
});

test('an invalid claim is refused with Kubernetes\' message', { skip }, async () => {
  const bad = k.file('bad.yaml', 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: bad\nspec:\n  accessModes: [ReadWriteSometimes]\n  resources:\n    requests:\n      storage: 1Gi\n');
  const refused = await k.run(['create', '-f', bad]);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /spec\.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"/);
});
