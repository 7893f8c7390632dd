import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { claimNotForPod, ephemeralClaimFor } from './ephemeral-claim.ts';

const pod: Pod = {
  metadata: { name: 'web', namespace: 'ns', uid: 'u1' },
  spec: {
    containers: [{ name: 'c', image: 'x' }],
    volumes: [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { metadata: { labels: { a: 'b' } }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }],
  },
};

test('the claim of an ephemeral volume is <pod>-<volume>, from its template, controlled by the pod', () => {
  const claim = ephemeralClaimFor(pod, pod.spec!.volumes![0]!);
  assert.equal(claim.metadata.name, 'web-scratch');
  assert.equal(claim.metadata.namespace, 'ns');
  assert.deepEqual(claim.metadata.labels, { a: 'b' });
  assert.deepEqual(claim.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Pod', name: 'web', uid: 'u1', controller: true, blockOwnerDeletion: true }]);
  assert.deepEqual(claim.spec, { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } });
  assert.equal(claimNotForPod(pod, claim), undefined);
});

test('a same-named claim the pod does not control is refused with Kubernetes message', () => {
  const stranger = { metadata: { name: 'web-scratch', namespace: 'ns' } };
  assert.equal(claimNotForPod(pod, stranger), 'PVC ns/web-scratch was not created for pod ns/web (pod is not owner)');
});
