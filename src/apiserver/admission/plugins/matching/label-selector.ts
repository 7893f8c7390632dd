// metav1.LabelSelector matching: matchLabels and matchExpressions, all of which must hold; an
// empty selector matches everything.
import type { LabelSelector } from '../../../../api/admissionregistration/v1/types.ts';

export function selectorMatches(sel: LabelSelector | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  const l = labels ?? {};
  for (const [k, v] of Object.entries(sel?.matchLabels ?? {})) if (l[k] !== v) return false;
  for (const e of sel?.matchExpressions ?? []) {
    const has = Object.hasOwn(l, e.key);
    switch (e.operator) {
      case 'In':
        if (!has || !(e.values ?? []).includes(l[e.key]!)) return false;
        break;
      case 'NotIn':
        if (has && (e.values ?? []).includes(l[e.key]!)) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}
