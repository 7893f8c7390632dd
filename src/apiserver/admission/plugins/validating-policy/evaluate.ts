// Evaluates one policy for one binding and one parameter: match conditions, then each
// validation; a false validation is a violation with its message, an error is a failure the
// policy's failurePolicy decides on.
import type { ValidatingAdmissionPolicy } from '../../../../api/admissionregistration/v1/types.ts';
import { evaluateCel, toCelValue } from '../../../../machinery/cel/index.ts';
import { admissionCel, evaluateMatchConditions, expressionError } from '../cel/admission-cel.ts';

export interface Violation {
  message: string;
  reason: string;
  expressionIndex: number;
}

export interface EvaluationResult {
  /** False: a match condition excluded the request. */
  matched: boolean;
  violations: Violation[];
  /** Expressions that could not be evaluated. */
  errors: string[];
  auditAnnotations: Record<string, string>;
}

async function run(expression: string, scope: Record<string, unknown>): Promise<unknown> {
  return evaluateCel(admissionCel, expression, scope);
}

export async function evaluatePolicy(policy: ValidatingAdmissionPolicy, activation: Record<string, unknown>): Promise<EvaluationResult> {
  const result: EvaluationResult = { matched: true, violations: [], errors: [], auditAnnotations: {} };
  const spec = policy.spec;
  // Variables are computed lazily in Kubernetes; here up front, each error kept for the expressions using it.
  const variables: Record<string, unknown> = {};
  const scope = { ...activation, variables };
  for (const v of spec.variables ?? []) {
    try {
      variables[v.name] = toCelValue(await run(v.expression, scope));
    } catch {
      // An unusable variable fails the expressions that read it.
    }
  }
  const match = await evaluateMatchConditions(spec.matchConditions, scope);
  if ('error' in match) {
    result.errors.push(match.error);
    return result;
  }
  if (!match.matched) {
    result.matched = false;
    return result;
  }
  for (const [i, v] of (spec.validations ?? []).entries()) {
    let ok: unknown;
    try {
      ok = await run(v.expression, scope);
    } catch (err) {
      result.errors.push(expressionError(v.expression, err));
      continue;
    }
    if (ok === true) continue;
    if (ok !== false) {
      result.errors.push(`expression '${v.expression}' resulted in error: expected a bool, got ${typeof ok}`);
      continue;
    }
    let message = v.message || `failed expression: ${v.expression.trim()}`;
    if (v.messageExpression) {
      try {
        const m = await run(v.messageExpression, scope);
        if (typeof m === 'string' && m.trim() && !/[\r\n]/.test(m)) message = m;
      } catch {
        // Kubernetes falls back to message when messageExpression fails.
      }
    }
    result.violations.push({ message, reason: v.reason || 'Invalid', expressionIndex: i });
  }
  for (const a of spec.auditAnnotations ?? []) {
    try {
      const value = await run(a.valueExpression, scope);
      if (typeof value === 'string' && value) result.auditAnnotations[`${policy.metadata.name}/${a.key}`] = value;
    } catch (err) {
      result.errors.push(expressionError(a.valueExpression, err));
    }
  }
  return result;
}
