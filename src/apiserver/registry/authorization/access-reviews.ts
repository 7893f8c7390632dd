// authorization.orch.io/v1 SubjectAccessReview, LocalSubjectAccessReview, SelfSubjectAccessReview
// and SelfSubjectRulesReview: the server's authorizer answers what a user may do. Each is a
// create that is never stored; the answer is the posted object with its status filled in.
import type { ResourceAttributes, NonResourceAttributes, ResourceRule, NonResourceRule, SubjectAccessReview } from '../../../api/authorization/v1/types.ts';
import { GROUP } from '../../../api/authorization/v1/types.ts';
import { badRequest, internalError, invalid, type StatusCause } from '../../../machinery/status.ts';
import type { ApiObject } from '../../../api/meta/v1/types.ts';
import { MASTERS_GROUP } from '../../../component-base/authentication/types.ts';
import type { Attributes } from '../../../machinery/authorization/types.ts';
import type { UserInfo } from '../../../component-base/serving/request-context.ts';
import { canonicalGroup } from '../generic/alias.ts';
import type { InstalledResource } from '../generic/context.ts';
import type { ReviewBackends } from './review-backends.ts';
import { reviewDeclaration } from './review-declaration.ts';
import { unstoredStore } from '../generic/unstored-store.ts';

type Review = SubjectAccessReview & ApiObject;

function attributesOf(user: UserInfo, spec: { resourceAttributes?: ResourceAttributes; nonResourceAttributes?: NonResourceAttributes }): Attributes {
  const r = spec.resourceAttributes;
  if (r) {
    return {
      user,
      verb: r.verb ?? '',
      isResourceRequest: true,
      path: '',
      namespace: r.namespace ?? '',
      apiGroup: canonicalGroup(r.group ?? ''),
      apiVersion: r.version ?? '',
      resource: r.resource ?? '',
      subresource: r.subresource ?? '',
      name: r.name ?? '',
    };
  }
  const n = spec.nonResourceAttributes ?? {};
  return { user, verb: n.verb ?? '', isResourceRequest: false, path: n.path ?? '', namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' };
}

function specCauses(spec: Review['spec'] | undefined, kind: string, needsSubject: boolean): StatusCause[] {
  const causes: StatusCause[] = [];
  const hasResource = !!spec?.resourceAttributes;
  const hasNonResource = !!spec?.nonResourceAttributes;
  if (hasResource === hasNonResource) {
    causes.push({ reason: 'FieldValueInvalid', field: 'spec.resourceAttributes', message: `Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified` });
  }
  if (needsSubject && !spec?.user && !(spec?.groups ?? []).length) {
    causes.push({ reason: 'FieldValueInvalid', field: 'spec.user', message: 'Invalid value: "": at least one of user or group must be specified' });
  }
  if (kind === 'LocalSubjectAccessReview' && hasNonResource) {
    causes.push({ reason: 'FieldValueInvalid', field: 'spec.nonResourceAttributes', message: 'Invalid value: "null": disallowed on this kind of request' });
  }
  return causes;
}

async function decide(backends: ReviewBackends, attrs: Attributes): Promise<NonNullable<Review['status']>> {
  const authorizer = backends.authorizer();
  if (!authorizer) throw internalError('the authorizer is not ready');
  try {
    const result = await authorizer.authorize(attrs);
    return {
      allowed: result.decision === 'allow',
      ...(result.decision === 'deny' ? { denied: true } : {}),
      ...(result.reason ? { reason: result.reason } : {}),
    };
  } catch (err) {
    return { allowed: false, evaluationError: (err as Error).message };
  }
}

function answer(obj: Review, status: NonNullable<Review['status']>): Review {
  return { ...obj, metadata: { ...obj.metadata }, status };
}

function subjectReviewCreate(backends: ReviewBackends, kind: string) {
  return async (obj: Review, ctx: { user: UserInfo; namespace: string }): Promise<Review> => {
    const self = kind === 'SelfSubjectAccessReview';
    const causes = specCauses(obj.spec, kind, !self);
    if (causes.length) throw invalid({ group: GROUP, kind }, obj.metadata.name ?? '', causes);
    if (kind === 'LocalSubjectAccessReview' && (obj.spec.resourceAttributes?.namespace ?? '') !== ctx.namespace) {
      throw badRequest(`spec.resourceAttributes.namespace must match namespace: ${ctx.namespace}`);
    }
    const user: UserInfo = self
      ? ctx.user
      : { name: obj.spec.user ?? '', groups: obj.spec.groups ?? [], ...(obj.spec.uid ? { uid: obj.spec.uid } : {}), ...(obj.spec.extra ? { extra: obj.spec.extra } : {}) };
    const spec = obj.spec;
    return answer(obj, await decide(backends, attributesOf(user, spec)));
  };
}

const ALL_RULE: { resource: ResourceRule; nonResource: NonResourceRule } = {
  resource: { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  nonResource: { verbs: ['*'], nonResourceURLs: ['*'] },
};

function rulesReviewCreate(backends: ReviewBackends) {
  return async (obj: ApiObject, ctx: { user: UserInfo }): Promise<ApiObject> => {
    const spec = (obj.spec ?? {}) as { namespace?: string };
    const namespace = spec.namespace ?? '';
    if (!namespace) {
      throw invalid({ group: GROUP, kind: 'SelfSubjectRulesReview' }, '', [{ reason: 'FieldValueRequired', field: 'spec.namespace', message: 'Required value' }]);
    }
    const resourceRules: ResourceRule[] = [];
    const nonResourceRules: NonResourceRule[] = [];
    let incomplete = false;
    let evaluationError: string | undefined;
    if (ctx.user.groups.includes(MASTERS_GROUP)) {
      resourceRules.push(ALL_RULE.resource);
      nonResourceRules.push(ALL_RULE.nonResource);
    }
    if (backends.rbac) {
      const { rules, errors } = backends.rbac.rulesFor(ctx.user, namespace);
      for (const r of rules) {
        if (r.nonResourceURLs?.length) nonResourceRules.push({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs });
        else resourceRules.push({ verbs: r.verbs, apiGroups: r.apiGroups ?? [], resources: r.resources ?? [], ...(r.resourceNames?.length ? { resourceNames: r.resourceNames } : {}) });
      }
      if (errors.length) {
        incomplete = true;
        evaluationError = aggregateMessage(errors);
      }
    } else {
      incomplete = true;
    }
    return {
      ...obj,
      metadata: { ...obj.metadata },
      spec,
      status: { resourceRules, nonResourceRules, incomplete, ...(evaluationError ? { evaluationError } : {}) },
    };
  };
}

export function accessReviewResources(backends: ReviewBackends): InstalledResource<any, any>[] {
  const subjects = [
    { kind: 'SubjectAccessReview', plural: 'subjectaccessreviews', namespaced: false },
    { kind: 'LocalSubjectAccessReview', plural: 'localsubjectaccessreviews', namespaced: true },
    { kind: 'SelfSubjectAccessReview', plural: 'selfsubjectaccessreviews', namespaced: false },
  ];
  const out: InstalledResource<any, any>[] = [];
  for (const s of subjects) {
    out.push({ declaration: reviewDeclaration<Review>({ group: GROUP, ...s }), store: unstoredStore<Review>(), virtualCreate: subjectReviewCreate(backends, s.kind) });
  }
  const rules = reviewDeclaration<ApiObject>({ group: GROUP, kind: 'SelfSubjectRulesReview', plural: 'selfsubjectrulesreviews', namespaced: false });
  out.push({ declaration: rules, store: unstoredStore<ApiObject>(), virtualCreate: rulesReviewCreate(backends) });
  return out;
}

/**
 * Errors as Kubernetes' error aggregate writes them: one alone, several deduplicated in
 * brackets (`[a, b]`), brackets dropped when deduplication leaves one.
 */
export function aggregateMessage(errors: readonly string[]): string {
  if (errors.length === 1) return errors[0]!;
  const unique = [...new Set(errors)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}
