import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../api/core/v1/node-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../api/core/v1/volume-types.ts';
import { preferredNodeAffinityWeight } from './node-affinity.ts';
import { affinityTermMatches, affinityTermOf } from './pod-affinity-term.ts';
import { allowedTopologiesMatch, smallestServingVolume } from './volume-match.ts';

const node: Node = { metadata: { name: 'n1', labels: { disk: 'ssd', zone: 'z1' } } };

test('preferred node affinity: the weights of the matching terms add up', () => {
  const term = (key: string, weight: number) => ({ weight, preference: { matchExpressions: [{ key, operator: 'Exists' }] } });
  assert.equal(preferredNodeAffinityWeight({ containers: [], affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term('disk', 5), term('gpu', 7), term('zone', 2)] } } }, node), 7);
});

test('pod affinity terms: own namespace by default, listed namespaces, a namespace selector; no selector selects nothing', () => {
  const web = { namespace: 'shop', labels: { app: 'web' } };
  const byDefault = affinityTermOf({ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } } }, 'shop');
  assert.equal(affinityTermMatches(byDefault, web, undefined), true);
  assert.equal(affinityTermMatches(byDefault, { ...web, namespace: 'other' }, undefined), false);
  const listed = affinityTermOf({ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } }, namespaces: ['other'] }, 'shop');
  assert.equal(affinityTermMatches(listed, web, undefined), false);
  assert.equal(affinityTermMatches(listed, { ...web, namespace: 'other' }, undefined), true);
  const everywhere = affinityTermOf({ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } }, namespaceSelector: {} }, 'shop');
  assert.equal(affinityTermMatches(everywhere, { ...web, namespace: 'any' }, { team: 'x' }), true);
  const labelled = affinityTermOf({ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } }, namespaceSelector: { matchLabels: { team: 'x' } } }, 'shop');
  assert.equal(affinityTermMatches(labelled, { ...web, namespace: 'any' }, { team: 'x' }), true);
  assert.equal(affinityTermMatches(labelled, { ...web, namespace: 'any' }, { team: 'y' }), false);
  assert.equal(affinityTermMatches(affinityTermOf({ topologyKey: 'zone' }, 'shop'), web, undefined), false);
});

test('volumes for a claim on a node: class, size, modes, affinity and availability; the smallest wins; allowed topologies', () => {
  const claim: PersistentVolumeClaim = { metadata: { name: 'c', namespace: 'ns', uid: 'u' }, spec: { storageClassName: 'local', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
  const volume = (name: string, size: string, extra: Partial<NonNullable<PersistentVolume['spec']>> = {}, phase = 'Available'): PersistentVolume => ({
    metadata: { name },
    spec: { storageClassName: 'local', capacity: { storage: size }, accessModes: ['ReadWriteOnce'], ...extra },
    status: { phase },
  });
  const elsewhere = { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['z2'] }] }] } } };
  const volumes = [volume('big', '10Gi'), volume('small', '2Gi'), volume('tiny', '500Mi'), volume('far', '1Gi', elsewhere), volume('taken', '1Gi', {}, 'Bound'), volume('rwx', '1Gi', { accessModes: ['ReadWriteMany'] })];
  assert.equal(smallestServingVolume(claim, volumes, node, new Set())?.metadata.name, 'small');
  assert.equal(smallestServingVolume(claim, volumes, node, new Set(['small']))?.metadata.name, 'big');
  assert.equal(smallestServingVolume(claim, [volume('promised', '5Gi', { claimRef: { name: 'c', namespace: 'ns' } }, 'Available'), ...volumes], node, new Set())?.metadata.name, 'promised');
  assert.equal(allowedTopologiesMatch({ metadata: { name: 'sc' }, provisioner: 'p', allowedTopologies: [{ matchLabelExpressions: [{ key: 'zone', values: ['z1'] }] }] }, node), true);
  assert.equal(allowedTopologiesMatch({ metadata: { name: 'sc' }, provisioner: 'p', allowedTopologies: [{ matchLabelExpressions: [{ key: 'zone', values: ['z2'] }] }] }, node), false);
});
