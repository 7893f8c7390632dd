// A limit range applied to a persistent volume claim: only its storage request is checked (a
// claim has no limits and gets no defaults, since it must say what it asks for).
import type { PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { LimitRange } from '../../../../api/core/v1/policy-types.ts';
import { maxRequestConstraint, minConstraint } from './constraints.ts';

export function claimViolations(range: LimitRange, claim: PersistentVolumeClaim): string[] {
  const out: string[] = [];
  const requests = claim.spec?.resources?.requests ?? {};
  for (const item of range.spec?.limits ?? []) {
    if (item.type !== 'PersistentVolumeClaim') continue;
    for (const [name, v] of Object.entries(item.min ?? {})) {
      const why = minConstraint(item.type, name, v, requests, {});
      if (why) out.push(why);
    }
    for (const [name, v] of Object.entries(item.max ?? {})) {
      const why = maxRequestConstraint(item.type, name, v, requests);
      if (why) out.push(why);
    }
  }
  return out;
}
