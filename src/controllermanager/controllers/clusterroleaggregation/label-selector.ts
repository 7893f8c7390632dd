// metav1.LabelSelector matching, as LabelSelectorAsSelector gives it: all matchLabels and all
// matchExpressions must hold; an empty selector selects everything. An operator the API does not
// know is an error, so a bad selector never silently selects everything.
import type { LabelSelector } from '../../../api/rbac/v1/types.ts';

export function labelSelectorMatches(selector: LabelSelector, labels: Record<string, string> | undefined): boolean {
  const have = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (have[k] !== v) return false;
  for (const expr of selector.matchExpressions ?? []) {
    const present = Object.hasOwn(have, expr.key);
    const values = expr.values ?? [];
    switch (expr.operator) {
      case 'In':
        if (!present || !values.includes(have[expr.key]!)) return false;
        break;
      case 'NotIn':
        if (present && values.includes(have[expr.key]!)) return false;
        break;
      case 'Exists':
        if (!present) return false;
        break;
      case 'DoesNotExist':
        if (present) return false;
        break;
      default:
        throw new Error(`${JSON.stringify(expr.operator)} is not a valid label selector operator`);
    }
  }
  return true;
}
