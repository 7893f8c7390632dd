// Taints and tolerations as Kubernetes matches them (core/v1 Toleration.ToleratesTaint): a
// toleration naming an effect or a key must agree with the taint on it; Exists then covers any
// value, Equal (the default operator) only the same value.
import type { Taint } from '../../api/core/v1/node-types.ts';
import type { Toleration } from '../../api/core/v1/pod-types.ts';

export function toleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** The first taint that `applies` picks out and no toleration covers (FindMatchingUntoleratedTaint). */
export function findUntoleratedTaint(taints: readonly Taint[] | undefined, tolerations: readonly Toleration[] | undefined, applies: (taint: Taint) => boolean): Taint | undefined {
  return (taints ?? []).find((taint) => applies(taint) && !tolerationsTolerateTaint(tolerations, taint));
}

/** Whether any of the tolerations covers the taint. */
export function tolerationsTolerateTaint(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint));
}
