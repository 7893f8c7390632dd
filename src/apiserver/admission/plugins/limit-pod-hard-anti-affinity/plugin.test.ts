import { test } from 'node:test';
import assert from 'node:assert/strict';
import { limitPodHardAntiAffinityTopology } from './plugin.ts';
import { coreAttrs, pod } from '../core-v1/testing.ts';

const withAntiAffinity = (topologyKey: string) =>
  pod('web', undefined, { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey, labelSelector: { matchLabels: { app: 'web' } } }] } } });

test('required anti-affinity may only name the hostname topology key', async () => {
  const plugin = limitPodHardAntiAffinityTopology();
  await plugin.validate!(coreAttrs('pods', withAntiAffinity('orch.io/hostname')));
  await assert.rejects(async () => plugin.validate!(coreAttrs('pods', withAntiAffinity('topology.orch.io/zone'))), (err: any) => {
    assert.equal(err.code, 403);
    assert.equal(err.message, 'pods "web" is forbidden: affinity.PodAntiAffinity.RequiredDuringScheduling has TopologyKey topology.orch.io/zone but only key orch.io/hostname is allowed');
    return true;
  });
});

test('preferred anti-affinity and pods without affinity pass', async () => {
  const plugin = limitPodHardAntiAffinityTopology();
  const preferred = pod('web', undefined, {
    affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { topologyKey: 'zone' } }] } },
  });
  await plugin.validate!(coreAttrs('pods', preferred));
  await plugin.validate!(coreAttrs('pods', pod('plain')));
});
