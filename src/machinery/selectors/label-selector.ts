// meta/v1 LabelSelector matching, as LabelSelectorAsSelector gives it: every matchLabels pair and
// every matchExpressions requirement must hold; an empty or absent selector matches everything.
// An operator the API does not know is an error, so a bad selector never silently selects.
import type { LabelSelector } from '../../api/meta/v1/types.ts';

export function labelSelectorMatches(selector: LabelSelector | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  const have = labels ?? {};
  for (const [k, v] of Object.entries(selector?.matchLabels ?? {})) if (!Object.hasOwn(have, k) || have[k] !== v) return false;
  for (const expr of selector?.matchExpressions ?? []) {
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
