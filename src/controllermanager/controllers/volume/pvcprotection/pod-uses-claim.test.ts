import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import { podClaimKeys, podEventMayReleaseClaims, podIsTerminated, podUsesClaim } from './pod-uses-claim.ts';
import { claimIsUsed } from './pvc-protection-controller.ts';
import { NamespaceBatches } from './namespace-batches.ts';

const claim = (name: string, ownerUid?: string): PersistentVolumeClaim => ({
  metadata: { name, namespace: 'ns', ...(ownerUid ? { ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: ownerUid, controller: true }] } : {}) },
});

function pod(opts: { node?: string; claim?: string; ephemeral?: string; phase?: string; deleting?: boolean; grace?: number } = {}): Pod {
  const volumes = [
    ...(opts.claim ? [{ name: 'data', persistentVolumeClaim: { claimName: opts.claim } }] : []),
    ...(opts.ephemeral ? [{ name: opts.ephemeral, ephemeral: { volumeClaimTemplate: { spec: {} } } }] : []),
    { name: 'scratch', emptyDir: {} },
  ];
  return {
    metadata: { name: 'p', namespace: 'ns', uid: 'pod-uid', ...(opts.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z', deletionGracePeriodSeconds: opts.grace ?? 30 } : {}) },
    spec: { containers: [], volumes, ...(opts.node ? { nodeName: opts.node } : {}) },
    status: { phase: opts.phase ?? 'Running' },
  } as Pod;
}

test('a scheduled pod naming the claim uses it, whatever its phase; an unscheduled one does not', () => {
  assert.equal(podUsesClaim(pod({ node: 'n1', claim: 'c' }), claim('c')), true);
  assert.equal(podUsesClaim(pod({ node: 'n1', claim: 'c', phase: 'Succeeded' }), claim('c')), true);
  assert.equal(podUsesClaim(pod({ node: 'n1', claim: 'other' }), claim('c')), false);
  assert.equal(podUsesClaim(pod({ claim: 'c' }), claim('c')), false);
});

test("an ephemeral volume's claim is used while it is the pod's own and the pod is not shut down", () => {
  assert.equal(podUsesClaim(pod({ node: 'n1', ephemeral: 'scratchpad' }), claim('p-scratchpad', 'pod-uid')), true);
  // A same-named claim the pod does not control is not the volume's.
  assert.equal(podUsesClaim(pod({ node: 'n1', ephemeral: 'scratchpad' }), claim('p-scratchpad', 'someone-else')), false);
  assert.equal(podUsesClaim(pod({ node: 'n1', ephemeral: 'scratchpad' }), claim('p-scratchpad')), false);
  // Deleted with no grace left: the node agent is done with it.
  assert.equal(podUsesClaim(pod({ node: 'n1', ephemeral: 'scratchpad', deleting: true, grace: 0 }), claim('p-scratchpad', 'pod-uid')), false);
  assert.equal(podUsesClaim(pod({ node: 'n1', ephemeral: 'scratchpad', deleting: true, grace: 30 }), claim('p-scratchpad', 'pod-uid')), true);
});

test('pods are indexed by the claims their volumes name or make', () => {
  assert.deepEqual(podClaimKeys(pod({ claim: 'c', ephemeral: 'tmp' })), ['ns/c', 'ns/p-tmp']);
  assert.deepEqual(podClaimKeys(pod()), []);
});

test('pod events that may release claims: deleted, terminated or unscheduled pods', () => {
  assert.equal(podEventMayReleaseClaims(pod({ node: 'n1', claim: 'c' }), false), false);
  assert.equal(podEventMayReleaseClaims(pod({ node: 'n1', claim: 'c' }), true), true);
  assert.equal(podEventMayReleaseClaims(pod({ claim: 'c' }), false), true);
  assert.equal(podEventMayReleaseClaims(pod({ node: 'n1', claim: 'c', phase: 'Failed' }), false), true);
  // Being deleted with no container running (none reported) counts as terminated.
  assert.equal(podIsTerminated(pod({ node: 'n1', deleting: true })), true);
  const running = pod({ node: 'n1', deleting: true });
  running.status!.containerStatuses = [{ name: 'c', ready: true, restartCount: 0, image: 'i', imageID: '', state: { running: {} } }];
  assert.equal(podIsTerminated(running), false);
});

test('use is looked up in the cache first, and the live list only when the cache shows none', async () => {
  let lists = 0;
  const live = (pods: Pod[]) => async () => {
    lists++;
    return pods;
  };
  assert.equal(await claimIsUsed(claim('c'), () => [pod({ node: 'n1', claim: 'c' })], live([])), true);
  assert.equal(lists, 0);
  assert.equal(await claimIsUsed(claim('c'), () => [], live([pod({ node: 'n1', claim: 'c' })])), true);
  assert.equal(await claimIsUsed(claim('c'), () => [pod({ claim: 'c' })], live([pod({ claim: 'c' })])), false);
  assert.equal(lists, 2);
});

test('queued claims are handed out by namespace, each namespace once while it waits', async () => {
  const batches = new NamespaceBatches();
  batches.add('a/c1');
  batches.add('b/c1');
  batches.add('a/c2');
  assert.deepEqual(await batches.next(), { namespace: 'a', keys: ['a/c1', 'a/c2'] });
  batches.add('a/c3');
  assert.deepEqual(await batches.next(), { namespace: 'b', keys: ['b/c1'] });
  assert.deepEqual(await batches.next(), { namespace: 'a', keys: ['a/c3'] });
  batches.shutDown();
  assert.equal(await batches.next(), undefined);
});
