// The registry's admission hook: builds the attributes of a write and runs the chain's mutating
// phase (before the strategy) or validating phase (after the resource's own validation).
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import type { AdmissionAttributes, AdmissionOperation } from '../../admission/types.ts';
import type { UserInfo } from '../../../component-base/serving/request-context.ts';
import type { InstalledResource } from './context.ts';
import { admissionDecoder } from './decode.ts';
import { canonicalGroup } from './alias.ts';

export interface AdmissionInput {
  operation: AdmissionOperation;
  namespace: string;
  name: string;
  object?: ApiObject;
  oldObject?: ApiObject;
  dryRun: boolean;
  user?: UserInfo;
  /** The kind of the object when it is not the resource's own (a Binding posted to pods/binding). */
  kind?: { group: string; version: string; kind: string };
}

export function admissionAttributes(res: InstalledResource<any, any>, input: AdmissionInput): AdmissionAttributes {
  const decl = res.declaration;
  const attrs: AdmissionAttributes = {
    operation: input.operation,
    // A group served under Kubernetes' name too is admitted as its orch.io group.
    resource: { group: canonicalGroup(decl.group), version: decl.version, resource: decl.plural },
    subresource: res.subresource ?? '',
    kind: input.kind ?? { group: canonicalGroup(decl.group), version: decl.version, kind: decl.kind },
    namespace: decl.namespaced ? input.namespace : '',
    name: input.name,
    dryRun: input.dryRun,
    // What mutating plugins produce is decoded through the kind's type again (mutated-object.ts).
    decodeObject: admissionDecoder(decl),
  };
  if (input.object) attrs.object = input.object;
  if (input.oldObject) attrs.oldObject = input.oldObject;
  if (input.user) attrs.userInfo = input.user;
  return attrs;
}

/** Mutating admission: plugins may change `input.object` in place. A promise only when there is something to wait for. */
export function admitMutating(res: InstalledResource<any, any>, input: AdmissionInput): void | Promise<void> {
  if (res.admission) return res.admission.admit(admissionAttributes(res, input));
}

/** Validating admission: plugins may only refuse. A promise only when there is something to wait for. */
export function admitValidating(res: InstalledResource<any, any>, input: AdmissionInput): void | Promise<void> {
  if (res.admission) return res.admission.validate(admissionAttributes(res, input));
}
