// admissionregistration.orch.io/v1beta1: MutatingAdmissionPolicy and its binding (served with
// the MutatingAdmissionPolicy feature gate), as JSON on the wire.
import type { ObjectMeta } from '../../meta/v1/types.ts';
import type { FailurePolicy, MatchCondition, MatchResources, ParamKind, ParamRef, Variable } from '../v1/types.ts';

export type PatchType = 'ApplyConfiguration' | 'JSONPatch';
export type ReinvocationPolicy = 'Never' | 'IfNeeded';

export interface Mutation {
  patchType?: PatchType;
  applyConfiguration?: { expression?: string };
  jsonPatch?: { expression?: string };
}

export interface MutatingAdmissionPolicySpec {
  paramKind?: ParamKind;
  matchConstraints?: MatchResources;
  variables?: Variable[];
  mutations?: Mutation[];
  failurePolicy?: FailurePolicy;
  matchConditions?: MatchCondition[];
  reinvocationPolicy?: ReinvocationPolicy;
}

export interface MutatingAdmissionPolicy {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: MutatingAdmissionPolicySpec;
  [field: string]: unknown;
}

export interface MutatingAdmissionPolicyBinding {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: { policyName?: string; paramRef?: ParamRef; matchResources?: MatchResources };
  [field: string]: unknown;
}
