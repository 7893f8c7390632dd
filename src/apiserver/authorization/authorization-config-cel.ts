// Match conditions of --authorization-config webhooks: CEL over `request`, the v1
// SubjectAccessReview spec of the request being authorized. Any false condition skips the
// webhook (no opinion); a condition that fails is a webhook failure (its failurePolicy decides).
import { CelCompiler, celActivation, evaluateCelSync } from '../../machinery/cel/index.ts';
import type { Attributes } from '../../machinery/authorization/types.ts';
import { reviewResourceAttributes } from './review-attributes.ts';

export const subjectAccessReviewCel = new CelCompiler({ request: 'map' });

export interface AuthorizationMatchCondition {
  expression: string;
}

/** The v1 SubjectAccessReview spec with every field present, as a typed spec reads. */
function requestVariable(attrs: Attributes): Record<string, unknown> {
  const out: Record<string, unknown> = {
    user: attrs.user.name,
    groups: attrs.user.groups,
    uid: attrs.user.uid ?? '',
    extra: attrs.user.extra ?? {},
  };
  if (attrs.isResourceRequest) {
    out.resourceAttributes = reviewResourceAttributes(attrs);
  } else {
    out.nonResourceAttributes = { path: attrs.path, verb: attrs.verb };
  }
  return out;
}

/** The compiler's message when the expression does not compile, else undefined. */
export function matchConditionCompileProblem(expression: string): string | undefined {
  const compiled = subjectAccessReviewCel.compile(expression);
  return compiled instanceof Error ? compiled.message : undefined;
}

/** True: call the webhook; false: a condition excluded the request. Throws when a condition fails. */
export function authorizationMatches(conditions: readonly AuthorizationMatchCondition[], attrs: Attributes): boolean {
  if (!conditions.length) return true;
  const activation = celActivation({ request: requestVariable(attrs) });
  const errors: string[] = [];
  for (const c of conditions) {
    try {
      const ok = evaluateCelSync(subjectAccessReviewCel, c.expression, activation);
      if (ok === false) return false;
      if (ok !== true) throw new Error('must evaluate to bool');
    } catch (err) {
      errors.push(`expression '${c.expression}' resulted in error: ${(err as Error).message}`);
    }
  }
  if (errors.length) throw new Error(`failed to evaluate match conditions: ${errors.join(', ')}`);
  return true;
}
