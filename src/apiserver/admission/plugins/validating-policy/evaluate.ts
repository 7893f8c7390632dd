// Evaluates one policy for one binding and one parameter: match conditions, then each
// validation; a false validation is a violation with its message, an error is a failure the
// policy's failurePolicy decides on.
import type { ValidatingAdmissionPolicy } from '../../../../api/admissionregistration/v1/types.ts';
import type { AdmissionAttributes } from '../../types.ts';
import type { MatchedTarget } from '../common/matching.ts';
import { convertObject } from '../common/convert.ts';
import { compileCel, plainCelValue } from '../common/cel.ts';

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

function run(expression: string, vars: Record<string, unknown>): unknown {
  const compiled = compileCel(expression);
  if (compiled instanceof Error) throw compiled;
  return plainCelValue(compiled(vars));
}

function requestVariable(attrs: AdmissionAttributes, target: MatchedTarget): Record<string, unknown> {
  const u = attrs.userInfo;
  return {
    kind: target.kind,
    resource: target.resource,
    subResource: attrs.subresource,
    requestKind: attrs.kind,
    requestResource: attrs.resource,
    requestSubResource: attrs.subresource,
    name: attrs.name || (attrs.object?.metadata?.name ?? ''),
    namespace: attrs.namespace,
    operation: attrs.operation,
    userInfo: { username: u?.name ?? '', uid: u?.uid ?? '', groups: u?.groups ?? [], extra: u?.extra ?? {} },
    dryRun: attrs.dryRun,
  };
}

export function celVariables(attrs: AdmissionAttributes, target: MatchedTarget, params: unknown, namespaceObject: unknown): Record<string, unknown> {
  return {
    object: attrs.object ? convertObject(attrs.object, target.kind) : null,
    oldObject: attrs.oldObject ? convertObject(attrs.oldObject, target.kind) : null,
    request: requestVariable(attrs, target),
    params: params ?? null,
    namespaceObject: namespaceObject ?? null,
    authorizer: null,
  };
}

export function evaluatePolicy(policy: ValidatingAdmissionPolicy, vars: Record<string, unknown>): EvaluationResult {
  const result: EvaluationResult = { matched: true, violations: [], errors: [], auditAnnotations: {} };
  const spec = policy.spec;
  // Variables are computed lazily in Kubernetes; here up front, each error kept for the expressions using it.
  const variables: Record<string, unknown> = {};
  const scope = { ...vars, variables };
  for (const v of spec.variables ?? []) {
    try {
      variables[v.name] = run(v.expression, scope);
    } catch {
      // An unusable variable fails the expressions that read it.
    }
  }
  for (const c of spec.matchConditions ?? []) {
    try {
      const ok = run(c.expression, scope);
      if (ok !== true) {
        if (ok === false) {
          result.matched = false;
          return result;
        }
        throw new Error(`expected a bool, got ${typeof ok}`);
      }
    } catch (err) {
      result.errors.push(`expression '${c.expression}' resulted in error: ${(err as Error).message.split('\n')[0]}`);
      return result;
    }
  }
  (spec.validations ?? []).forEach((v, i) => {
    let ok: unknown;
    try {
      ok = run(v.expression, scope);
    } catch (err) {
      result.errors.push(`expression '${v.expression}' resulted in error: ${(err as Error).message.split('\n')[0]}`);
      return;
    }
    if (ok === true) return;
    if (ok !== false) {
      result.errors.push(`expression '${v.expression}' resulted in error: expected a bool, got ${typeof ok}`);
      return;
    }
    let message = v.message || `failed expression: ${v.expression.trim()}`;
    if (v.messageExpression) {
      try {
        const m = run(v.messageExpression, scope);
        if (typeof m === 'string' && m.trim() && !/[\r\n]/.test(m)) message = m;
      } catch {
        // Kubernetes falls back to message when messageExpression fails.
      }
    }
    result.violations.push({ message, reason: v.reason || 'Invalid', expressionIndex: i });
  });
  for (const a of spec.auditAnnotations ?? []) {
    try {
      const value = run(a.valueExpression, scope);
      if (typeof value === 'string' && value) result.auditAnnotations[`${policy.metadata.name}/${a.key}`] = value;
    } catch (err) {
      result.errors.push(`expression '${a.valueExpression}' resulted in error: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return result;
}
