// ExtendedResourceToleration: nodes with special hardware (example.com/gpu) are tainted with the
// resource's name; a pod that asks for such a resource gets a toleration of that taint, so only
// pods that need the hardware land there.
import type { Toleration } from '../../../../api/core/v1/pod-types.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { isExtendedResourceName } from '../../../registry/core/resource-names.ts';
import { podOf } from '../core-v1/targets.ts';

/** Same key, effect, operator and value: the toleration to replace (Kubernetes' MatchToleration). */
const matches = (a: Toleration, b: Toleration) =>
  (a.key ?? '') === (b.key ?? '') && (a.effect ?? '') === (b.effect ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '');

export function extendedResourceToleration(): AdmissionPlugin {
  return {
    name: 'ExtendedResourceToleration',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    admit(attrs) {
      const spec = podOf(attrs)?.spec;
      if (!spec) return;
      const names = new Set<string>();
      for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
        for (const name of Object.keys(c.resources?.requests ?? {})) if (isExtendedResourceName(name)) names.add(name);
      }
      // Sorted, so a pod asking for several gets them in a stable order.
      for (const key of [...names].sort()) {
        const toleration: Toleration = { key, operator: 'Exists', effect: 'NoSchedule' };
        const tolerations = spec.tolerations ?? [];
        const i = tolerations.findIndex((t) => matches(t, toleration));
        spec.tolerations = i < 0 ? [...tolerations, toleration] : tolerations.map((t, j) => (j === i ? toleration : t));
      }
    },
  };
}
