// ValidatingAdmissionPolicy: every binding whose policy matches the request evaluates the
// policy's CEL validations, once per parameter; violations are denied (Deny), returned as
// Warning headers (Warn) or recorded in the audit event (Audit). Expressions that cannot be
// evaluated are ignored or denied by the policy's failurePolicy.
import { StatusError } from '../../../../machinery/status.ts';
import type {
  ValidatingAdmissionPolicy,
  ValidatingAdmissionPolicyBinding,
  ValidationAction,
} from '../../../../api/admissionregistration/v1/types.ts';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import type { NamespaceAccess } from '../../namespace-access.ts';
import { admissionForbidden } from '../../forbidden.ts';
import { matchPolicyResources } from '../matching/policy-resources.ts';
import { addAdmissionAuditAnnotation, addAdmissionWarning } from '../../request-scope.ts';
import { evaluatePolicy } from './evaluate.ts';
import { admissionActivation } from '../cel/admission-cel.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { ParamError, resolveParams, type ParamSource } from './params.ts';

export interface PolicySource {
  validatingPolicies: { get(name: string): ValidatingAdmissionPolicy | undefined };
  validatingPolicyBindings: { list(): readonly ValidatingAdmissionPolicyBinding[] };
  params: ParamSource;
}

export interface PolicyPluginDeps {
  namespaces: NamespaceAccess;
  source: () => PolicySource | undefined;
  /** The server's authorizer, for the `authorizer` variable; bound once built. */
  authorizer?: () => Authorizer | undefined;
}

const CODES: Record<string, number> = { Unauthorized: 401, Forbidden: 403, Invalid: 422, RequestEntityTooLarge: 413 };

function denial(attrs: AdmissionAttributes, message: string, reason: string): StatusError {
  const err = admissionForbidden(attrs, message);
  err.status.reason = reason as never;
  err.status.code = CODES[reason] ?? 422;
  err.status.details = { ...(err.status.details ?? {}), causes: [{ message }] };
  return err;
}

interface Decision {
  message: string;
  reason: string;
  actions: readonly ValidationAction[];
  policy: string;
  binding: string;
  expressionIndex: number;
}

export function validatingAdmissionPolicy(deps: PolicyPluginDeps): AdmissionPlugin {
  return {
    name: 'ValidatingAdmissionPolicy',
    handles: (op) => op === 'CREATE' || op === 'UPDATE' || op === 'DELETE' || op === 'CONNECT',
    validate(attrs) {
      const source = deps.source();
      // Without bindings there is nothing to wait for.
      return source?.validatingPolicyBindings.list().length ? validateWithPolicies(source, attrs) : undefined;
    },
  };

  async function validateWithPolicies(source: PolicySource, attrs: AdmissionAttributes): Promise<void> {
    const bindings = source.validatingPolicyBindings.list();
    const decisions: Decision[] = [];
    let namespaceObject: unknown;
    if (attrs.namespace) namespaceObject = (await deps.namespaces.get(attrs.namespace)) ?? null;
    for (const binding of bindings) {
      const policy = source.validatingPolicies.get(binding.spec.policyName ?? '');
      if (!policy) continue;
      const target = await matchPolicyResources(policy.spec.matchConstraints, attrs, deps.namespaces);
      if (!target) continue;
      if (binding.spec.matchResources && !(await matchPolicyResources(binding.spec.matchResources, attrs, deps.namespaces))) continue;
      const actions = binding.spec.validationActions ?? [];
      const decide = (message: string, reason: string, expressionIndex: number) =>
        decisions.push({ message, reason, actions, policy: policy.metadata.name ?? '', binding: binding.metadata.name ?? '', expressionIndex });
      const failed = (message: string) => {
        if ((policy.spec.failurePolicy ?? 'Fail') === 'Fail') decide(message, 'Invalid', -1);
      };
      let paramsList: (ApiObject | null)[] = [null];
      if (policy.spec.paramKind) {
        const ref = binding.spec.paramRef;
        if (!ref) {
          failed('failed to configure binding: no paramRef is given for a policy with paramKind');
          continue;
        }
        try {
          paramsList = await resolveParams(policy.spec.paramKind, ref, attrs, source.params);
        } catch (err) {
          failed(`failed to configure binding: ${(err as ParamError).message}`);
          continue;
        }
        if (!paramsList.length) {
          if (ref.parameterNotFoundAction === 'Deny') failed('failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction');
          continue;
        }
      }
      for (const params of paramsList) {
        const result = await evaluatePolicy(policy, admissionActivation({ attrs, target, params, namespaceObject, authorizer: deps.authorizer?.() }));
        for (const e of result.errors) failed(e);
        if (!result.matched) continue;
        for (const v of result.violations) decide(v.message, v.reason, v.expressionIndex);
        for (const [k, v] of Object.entries(result.auditAnnotations)) addAdmissionAuditAnnotation(k, v);
      }
    }
    const audited = decisions.filter((d) => d.actions.includes('Audit'));
    if (audited.length) {
      addAdmissionAuditAnnotation(
        'validation.policy.admission.orch.io/validation_failure',
        JSON.stringify(audited.map((d) => ({ message: d.message, policy: d.policy, binding: d.binding, expressionIndex: d.expressionIndex, validationActions: d.actions }))),
      );
    }
    for (const d of decisions.filter((x) => x.actions.includes('Warn'))) addAdmissionWarning(`Validation failed for ValidatingAdmissionPolicy '${d.policy}' with binding '${d.binding}': ${d.message}`);
    const denied = decisions.find((d) => d.actions.includes('Deny'));
    if (denied) throw denial(attrs, `ValidatingAdmissionPolicy '${denied.policy}' with binding '${denied.binding}' denied request: ${denied.message}`, denied.reason);
  }
}
