// TaintNodesByCondition: a node joins the cluster tainted not-ready (NoSchedule), so nothing is
// scheduled onto it before it has reported Ready; the node controller removes the taint then.
import type { Node, Taint } from '../../../../api/core/v1/node-types.ts';
import { TAINT_NODE_NOT_READY } from '../../../../api/core/v1/well-known-taints.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { coreObject } from '../core-v1/targets.ts';

export function taintNodesByCondition(): AdmissionPlugin {
  return {
    name: 'TaintNodesByCondition',
    handles: (op) => op === 'CREATE',
    admit(attrs) {
      const node = coreObject<Node>(attrs, 'nodes');
      if (!node) return;
      const spec = (node.spec ??= {});
      const taint: Taint = { key: TAINT_NODE_NOT_READY, effect: 'NoSchedule' };
      // A taint with the same key and effect is the same taint, whatever its value.
      if ((spec.taints ?? []).some((t) => t.key === taint.key && t.effect === taint.effect)) return;
      spec.taints = [...(spec.taints ?? []), taint];
    },
  };
}
