// A job's successPolicy against its succeeded indexes, as Kubernetes matches it: the first rule
// met gives "Matched rules at index <n>". A rule with succeededIndexes is met when all of them
// succeeded, or at least succeededCount of them; a rule with only succeededCount when that many
// indexes succeeded. A rule whose index list does not parse is passed over.
import type { SuccessPolicy } from '../../../api/batch/v1/types.ts';
import { parseIntervals, totalIndexes, type Intervals } from './intervals.ts';

/** How many of the rule's indexes have succeeded (both lists ordered). */
function overlapCount(rule: Intervals, succeeded: Intervals): number {
  let count = 0;
  let r = 0;
  let s = 0;
  while (r < rule.length && s < succeeded.length) {
    const overlap = Math.min(rule[r]!.last, succeeded[s]!.last) - Math.max(rule[r]!.first, succeeded[s]!.first) + 1;
    if (overlap > 0) count += overlap;
    if (succeeded[s]!.last < rule[r]!.last) s++;
    else if (succeeded[s]!.last > rule[r]!.last) r++;
    else {
      s++;
      r++;
    }
  }
  return count;
}

/** The message of the first rule met, or undefined. */
export function matchSuccessPolicy(policy: SuccessPolicy | undefined, completions: number, succeeded: Intervals): string | undefined {
  if (!policy || succeeded.length === 0) return undefined;
  for (const [index, rule] of (policy.rules ?? []).entries()) {
    if (rule.succeededIndexes !== undefined && rule.succeededIndexes !== null) {
      const required = parseIntervals(rule.succeededIndexes, completions);
      if (required.length === 0) continue;
      const contains = overlapCount(required, succeeded);
      if (contains === totalIndexes(required) || (rule.succeededCount !== undefined && rule.succeededCount !== null && contains >= rule.succeededCount)) {
        return `Matched rules at index ${index}`;
      }
    } else if (rule.succeededCount !== undefined && rule.succeededCount !== null && totalIndexes(succeeded) >= rule.succeededCount) {
      return `Matched rules at index ${index}`;
    }
  }
  return undefined;
}
