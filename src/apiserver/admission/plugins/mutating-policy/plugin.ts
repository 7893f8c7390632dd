// MutatingAdmissionPolicy: every binding whose policy matches the request applies the policy's
// mutations in order, once per parameter, each seeing the object as the previous one left it.
// Bindings run in name order; a policy with reinvocationPolicy IfNeeded runs once more, in the
// chain's extra round, when a later policy, webhook or admission plugin changed the object. An expression that fails follows the policy's failurePolicy.
import { internalError } from '../../../../machinery/status.ts';
import type { MutatingAdmissionPolicy, MutatingAdmissionPolicyBinding, Mutation } from '../../../../api/admissionregistration/v1beta1/types.ts';
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import type { NamespaceAccess } from '../../namespace-access.ts';
import { evaluateCel, toCelValue } from '../../../../machinery/cel/index.ts';
import { admissionActivation, admissionCel, evaluateMatchConditions, expressionError } from '../cel/admission-cel.ts';
import { convertObject } from '../matching/equivalent-resource.ts';
import { takeMutated } from '../../mutated-object.ts';
import type { MatchedTarget } from '../matching/rules.ts';
import { matchPolicyResources } from '../matching/policy-resources.ts';
import { addAdmissionAuditAnnotation } from '../../request-scope.ts';
import { pluginReinvocation } from '../../reinvocation.ts';
import { resolveParams, type ParamSource } from '../validating-policy/params.ts';
import { applyConfiguration, applyJsonPatch } from './apply.ts';

export interface MutatingPolicySource {
  mutatingPolicies?: { get(name: string): MutatingAdmissionPolicy | undefined };
  mutatingPolicyBindings?: { list(): readonly MutatingAdmissionPolicyBinding[] };
  params: ParamSource;
}

export interface MutatingPolicyPluginDeps {
  namespaces: NamespaceAccess;
  source: () => MutatingPolicySource | undefined;
  authorizer?: () => Authorizer | undefined;
}

interface Invocation {
  policy: MutatingAdmissionPolicy;
  binding: MutatingAdmissionPolicyBinding;
  target: MatchedTarget;
  params: (ApiObject | null)[];
}

class MutationFailure extends Error {}

function mutationExpression(m: Mutation): string {
  return (m.patchType === 'JSONPatch' ? m.jsonPatch?.expression : m.applyConfiguration?.expression) ?? '';
}

export function mutatingAdmissionPolicy(deps: MutatingPolicyPluginDeps): AdmissionPlugin {
  async function invocations(attrs: AdmissionAttributes, source: MutatingPolicySource): Promise<Invocation[]> {
    const out: Invocation[] = [];
    for (const binding of source.mutatingPolicyBindings?.list() ?? []) {
      const policy = source.mutatingPolicies?.get(binding.spec.policyName ?? '');
      if (!policy) continue;
      const target = await matchPolicyResources(policy.spec.matchConstraints, attrs, deps.namespaces);
      if (!target) continue;
      if (binding.spec.matchResources && !(await matchPolicyResources(binding.spec.matchResources, attrs, deps.namespaces))) continue;
      let params: (ApiObject | null)[] = [null];
      if (policy.spec.paramKind) {
        const ref = binding.spec.paramRef;
        try {
          if (!ref) throw new MutationFailure('failed to configure binding: no paramRef is given for a policy with paramKind');
          params = await resolveParams(policy.spec.paramKind, ref, attrs, source.params);
          if (!params.length && ref.parameterNotFoundAction === 'Deny') throw new MutationFailure('failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction');
        } catch (err) {
          failed(policy, binding, err);
          continue;
        }
      }
      out.push({ policy, binding, target, params });
    }
    return out;
  }

  function failed(policy: MutatingAdmissionPolicy, binding: MutatingAdmissionPolicyBinding, err: unknown): void {
    if ((policy.spec.failurePolicy ?? 'Fail') === 'Ignore') return;
    throw internalError(`policy '${policy.metadata.name}' with binding '${binding.metadata.name}' denied request: ${(err as Error).message}`);
  }

  /** Applies one invocation; true when the object changed. */
  async function run(inv: Invocation, attrs: AdmissionAttributes, namespaceObject: unknown): Promise<boolean> {
    let changed = false;
    for (const params of inv.params) {
      const inputs = { attrs, target: inv.target, params, namespaceObject, authorizer: deps.authorizer?.() };
      try {
        const variables: Record<string, unknown> = {};
        const scope = () => ({ ...admissionActivation(inputs), variables });
        for (const v of inv.policy.spec.variables ?? []) {
          try {
            variables[v.name] = toCelValue(await evaluateCel(admissionCel, v.expression, scope()));
          } catch {
            // A variable that fails fails the expressions reading it.
          }
        }
        const match = await evaluateMatchConditions(inv.policy.spec.matchConditions, scope());
        if ('error' in match) throw new MutationFailure(match.error);
        if (!match.matched) continue;
        for (const m of inv.policy.spec.mutations ?? []) {
          const expression = mutationExpression(m);
          let result: unknown;
          try {
            result = await evaluateCel(admissionCel, expression, scope());
          } catch (err) {
            throw new MutationFailure(expressionError(expression, err));
          }
          const before = convertObject(attrs.object!, inv.target.kind);
          const after = m.patchType === 'JSONPatch' ? applyJsonPatch(before, result) : applyConfiguration(before, result);
          // A result that does not decode fails the policy, as its failure policy says.
          if (takeMutated(attrs, convertObject(after, attrs.kind))) changed = true;
        }
      } catch (err) {
        failed(inv.policy, inv.binding, err);
      }
    }
    return changed;
  }

  return {
    name: 'MutatingAdmissionPolicy',
    handles: (op) => op === 'CREATE' || op === 'UPDATE' || op === 'CONNECT',
    reinvocable: true,
    admit(attrs) {
      const source = deps.source();
      // Without bindings there is nothing to wait for.
      return source?.mutatingPolicyBindings?.list().length && attrs.object ? admitWithPolicies(source, attrs) : undefined;
    },
  };

  async function admitWithPolicies(source: MutatingPolicySource, attrs: AdmissionAttributes): Promise<void> {
    const list = await invocations(attrs, source);
    if (!list.length) return;
    const namespaceObject = attrs.namespace ? ((await deps.namespaces.get(attrs.namespace)) ?? null) : null;
    const reinvocation = pluginReinvocation(attrs.reinvocation, 'MutatingAdmissionPolicy');
    const round = reinvocation.isReinvoke ? 1 : 0;
    reinvocation.begin(attrs.object);
    try {
      for (const [i, inv] of list.entries()) {
        const key = `${inv.policy.metadata.name}/${inv.binding.metadata.name}`;
        if (!reinvocation.shouldRun(key)) continue;
        const mutated = await run(inv, attrs, namespaceObject);
        reinvocation.ran(key, inv.policy.spec.reinvocationPolicy === 'IfNeeded', mutated);
        addAdmissionAuditAnnotation(`patch.policy.admission.orch.io/round_${round}_index_${i}`, JSON.stringify({ name: inv.policy.metadata.name, binding: inv.binding.metadata.name, mutated }));
      }
    } finally {
      reinvocation.end(attrs.object);
    }
  }
}
