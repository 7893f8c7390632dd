// authentication.k8s.io/v1 and authorization.k8s.io/v1 review messages, with Kubernetes' field
// numbers (k8s.io/api authentication/v1 and authorization/v1 generated.proto). ExtraValue is a
// message of one repeated string on the wire and a plain string array in JSON.
import { kept, list, m, map, s, type MessageSpec } from './proto-field.ts';

export const reviewMessages: Record<string, MessageSpec> = {
  ExtraValue: { items: list(1, 'string') },
  UserInfo: { username: s(1), uid: s(2), groups: list(3, 'string'), extra: map(4, 'ExtraValue') },
  TokenReviewSpec: { token: s(1), audiences: list(2, 'string') },
  TokenReviewStatus: { authenticated: m(1, 'bool'), user: m(2, 'UserInfo'), error: s(3), audiences: list(4, 'string') },
  TokenReview: { metadata: m(1, 'ObjectMeta'), spec: m(2, 'TokenReviewSpec'), status: m(3, 'TokenReviewStatus') },
  SelfSubjectReviewStatus: { userInfo: m(1, 'UserInfo') },
  SelfSubjectReview: { metadata: m(1, 'ObjectMeta'), status: m(2, 'SelfSubjectReviewStatus') },

  FieldSelectorRequirement: { key: s(1), operator: s(2), values: list(3, 'string') },
  FieldSelectorAttributes: { rawSelector: s(1), requirements: list(2, 'FieldSelectorRequirement') },
  LabelSelectorAttributes: { rawSelector: s(1), requirements: list(2, 'LabelSelectorRequirement') },
  ResourceAttributes: {
    namespace: s(1),
    verb: s(2),
    group: s(3),
    version: s(4),
    resource: s(5),
    subresource: s(6),
    name: s(7),
    fieldSelector: m(8, 'FieldSelectorAttributes'),
    labelSelector: m(9, 'LabelSelectorAttributes'),
  },
  NonResourceAttributes: { path: s(1), verb: s(2) },
  SubjectAccessReviewSpec: {
    resourceAttributes: m(1, 'ResourceAttributes'),
    nonResourceAttributes: m(2, 'NonResourceAttributes'),
    user: s(3),
    groups: list(4, 'string'),
    extra: map(5, 'ExtraValue'),
    uid: s(6),
  },
  SelfSubjectAccessReviewSpec: { resourceAttributes: m(1, 'ResourceAttributes'), nonResourceAttributes: m(2, 'NonResourceAttributes') },
  SubjectAccessReviewStatus: { allowed: kept(m(1, 'bool')), reason: s(2), evaluationError: s(3), denied: m(4, 'bool') },
  SubjectAccessReview: { metadata: m(1, 'ObjectMeta'), spec: m(2, 'SubjectAccessReviewSpec'), status: m(3, 'SubjectAccessReviewStatus') },
  LocalSubjectAccessReview: { metadata: m(1, 'ObjectMeta'), spec: m(2, 'SubjectAccessReviewSpec'), status: m(3, 'SubjectAccessReviewStatus') },
  SelfSubjectAccessReview: { metadata: m(1, 'ObjectMeta'), spec: m(2, 'SelfSubjectAccessReviewSpec'), status: m(3, 'SubjectAccessReviewStatus') },
  SelfSubjectRulesReviewSpec: { namespace: s(1) },
  ResourceRule: { verbs: list(1, 'string'), apiGroups: list(2, 'string'), resources: list(3, 'string'), resourceNames: list(4, 'string') },
  NonResourceRule: { verbs: list(1, 'string'), nonResourceURLs: list(2, 'string') },
  SubjectRulesReviewStatus: {
    resourceRules: list(1, 'ResourceRule'),
    nonResourceRules: list(2, 'NonResourceRule'),
    incomplete: kept(m(3, 'bool')),
    evaluationError: s(4),
  },
  SelfSubjectRulesReview: { metadata: m(1, 'ObjectMeta'), spec: m(2, 'SelfSubjectRulesReviewSpec'), status: m(3, 'SubjectRulesReviewStatus') },
};
