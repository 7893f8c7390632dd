// Whether a pod's tolerations cover a node's taint, as Kubernetes matches them: an effect and key
// must agree when the toleration names them (an empty key with Exists covers every taint), and
// Equal (the default operator) also compares the value.
import type { Taint } from '../api/core/v1/node-types.ts';
import type { Toleration } from '../api/core/v1/pod-types.ts';

export function tolerates(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  const operator = toleration.operator || 'Equal';
  if (operator === 'Exists') return true;
  if (!toleration.key) return false;
  return operator === 'Equal' && (toleration.value ?? '') === (taint.value ?? '');
}

export function toleratedBy(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  return (tolerations ?? []).some((t) => tolerates(t, taint));
}

/** The first taint with one of `effects` that the tolerations do not cover. */
export function firstUntoleratedTaint(taints: readonly Taint[] | undefined, tolerations: readonly Toleration[] | undefined, effects: readonly string[]): Taint | undefined {
  return (taints ?? []).find((taint) => effects.includes(taint.effect) && !toleratedBy(tolerations, taint));
}
