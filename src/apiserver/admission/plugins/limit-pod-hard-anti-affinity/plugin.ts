// LimitPodHardAntiAffinityTopology: a pod's required anti-affinity may only keep it off nodes
// (topology key orch.io/hostname), never off a whole zone or region, which could leave it
// unschedulable across the cluster.
import { HOSTNAME_LABEL } from '../../../registry/coordination/leases/identity-lease.ts';
import { forbidden } from '../../../../machinery/status.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { podOf } from '../core-v1/targets.ts';

export function limitPodHardAntiAffinityTopology(): AdmissionPlugin {
  return {
    name: 'LimitPodHardAntiAffinityTopology',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    validate(attrs) {
      const pod = podOf(attrs);
      const terms = pod?.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
      const wrong = terms.find((t) => t.topologyKey !== HOSTNAME_LABEL);
      if (!wrong) return;
      const why = `affinity.PodAntiAffinity.RequiredDuringScheduling has TopologyKey ${wrong.topologyKey} but only key ${HOSTNAME_LABEL} is allowed`;
      throw forbidden({ group: '', resource: 'pods' }, pod!.metadata.name ?? '', why);
    },
  };
}
