// DefaultTolerationSeconds: a pod that does not say how long it stays on a node that became not
// ready or unreachable tolerates each for a bounded time (300 s unless configured), after which
// it is evicted and can be replaced elsewhere.
import type { Toleration } from '../../../../api/core/v1/pod-types.ts';
import { TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE } from '../../../../api/core/v1/well-known-taints.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { podOf } from '../core-v1/targets.ts';

export interface DefaultTolerationSecondsOptions {
  /** --default-not-ready-toleration-seconds */
  notReadySeconds: number;
  /** --default-unreachable-toleration-seconds */
  unreachableSeconds: number;
}

/** The toleration already covers a NoExecute taint with this key (an empty key or effect covers all). */
const covers = (t: Toleration, key: string) => (!t.key || t.key === key) && (!t.effect || t.effect === 'NoExecute');

export function defaultTolerationSeconds(opts: DefaultTolerationSecondsOptions): AdmissionPlugin {
  const defaults: [string, number][] = [
    [TAINT_NODE_NOT_READY, opts.notReadySeconds],
    [TAINT_NODE_UNREACHABLE, opts.unreachableSeconds],
  ];
  return {
    name: 'DefaultTolerationSeconds',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    admit(attrs) {
      const spec = podOf(attrs)?.spec;
      if (!spec) return;
      const tolerations = spec.tolerations ?? [];
      const added = defaults
        .filter(([key]) => !tolerations.some((t) => covers(t, key)))
        .map(([key, seconds]): Toleration => ({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds }));
      if (added.length) spec.tolerations = [...tolerations, ...added];
    },
  };
}
