// CEL for admission: the variables Kubernetes gives admission expressions (object, oldObject,
// request, params, namespaceObject, variables, authorizer) over the shared CEL environment, and
// match conditions as webhooks and policies evaluate them.
import type { MatchCondition } from '../../../../api/admissionregistration/v1/types.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { CelAuthorizer, CelCompiler, celActivation, evaluateCel } from '../../../../machinery/cel/index.ts';
import type { AdmissionAttributes } from '../../types.ts';
import type { MatchedTarget } from '../matching/rules.ts';
import { convertObject } from '../matching/equivalent-resource.ts';

export const admissionCel = new CelCompiler({
  object: 'dyn',
  oldObject: 'dyn',
  request: 'dyn',
  params: 'dyn',
  namespaceObject: 'dyn',
  variables: 'dyn',
  authorizer: 'Authorizer',
});

/** Webhook match conditions see fewer variables: no params, namespaceObject or variables. */
export const webhookCel = new CelCompiler({ object: 'dyn', oldObject: 'dyn', request: 'dyn', authorizer: 'Authorizer' });

function requestVariable(attrs: AdmissionAttributes, target: MatchedTarget): Record<string, unknown> {
  const u = attrs.userInfo;
  return {
    uid: '',
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

/** The `authorizer` variable for a request: checks run as the request's user. */
export function admissionAuthorizer(attrs: AdmissionAttributes, target: MatchedTarget, authorizer: Authorizer | undefined): CelAuthorizer {
  return new CelAuthorizer(
    { authorizer, user: attrs.userInfo ?? { name: '', groups: [] } },
    { group: target.resource.group, resource: target.resource.resource, subresource: attrs.subresource, namespace: attrs.namespace, name: attrs.name || (attrs.object?.metadata?.name ?? '') },
  );
}

export interface AdmissionCelInputs {
  attrs: AdmissionAttributes;
  target: MatchedTarget;
  authorizer: Authorizer | undefined;
  params?: unknown;
  namespaceObject?: unknown;
}

/** The activation for admission expressions (without `variables`, which policies compute). */
export function admissionActivation(inputs: AdmissionCelInputs): Record<string, unknown> {
  const { attrs, target } = inputs;
  return {
    ...celActivation({
      object: attrs.object ? convertObject(attrs.object, target.kind) : null,
      oldObject: attrs.oldObject ? convertObject(attrs.oldObject, target.kind) : null,
      request: requestVariable(attrs, target),
      params: inputs.params ?? null,
      namespaceObject: inputs.namespaceObject ?? null,
    }),
    variables: {},
    authorizer: admissionAuthorizer(attrs, target, inputs.authorizer),
  };
}

export function expressionError(expression: string, err: unknown): string {
  return `expression '${expression}' resulted in error: ${(err as Error).message}`;
}

export type MatchConditionsResult = { matched: true } | { matched: false; condition: string } | { error: string };

/**
 * Kubernetes' rule: any false condition excludes the request (even when others fail); otherwise
 * a failed condition is an error the failure policy decides on.
 */
export async function evaluateMatchConditions(
  conditions: readonly MatchCondition[] | undefined,
  activation: Record<string, unknown>,
  compiler: CelCompiler = admissionCel,
): Promise<MatchConditionsResult> {
  const errors: string[] = [];
  for (const c of conditions ?? []) {
    try {
      const ok = await evaluateCel(compiler, c.expression ?? '', activation);
      if (ok === false) return { matched: false, condition: c.name ?? '' };
      if (ok !== true) throw new Error(`expected a bool, got ${ok === null ? 'null' : typeof ok}`);
    } catch (err) {
      errors.push(expressionError(c.expression ?? '', err));
    }
  }
  return errors.length ? { error: errors.join(', ') } : { matched: true };
}
