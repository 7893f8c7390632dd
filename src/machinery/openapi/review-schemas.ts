// Definitions of the review kinds (authorization.orch.io and authentication.orch.io v1): computed
// on create and never stored, but their bodies decode as any other kind's. Field numbers are
// Kubernetes' (k8s.io/api authentication/v1 and authorization/v1 generated.proto); an `extra` map's
// values are ExtraValue messages on the wire and plain string arrays in JSON.
import { META_V1 } from './names.ts';
import { tag } from './protobuf-extension.ts';
import { bool, object, refArray, refProp, str, stringList, type Dialect, type Schema } from './schema-builder.ts';

export const AUTHORIZATION_V1 = 'io.orch.api.authorization.v1';
export const AUTHENTICATION_V1 = 'io.orch.api.authentication.v1';

const meta = (n: string) => `${META_V1}.${n}`;
const authz = (n: string) => `${AUTHORIZATION_V1}.${n}`;
const authn = (n: string) => `${AUTHENTICATION_V1}.${n}`;
const atomic = { 'x-kubernetes-list-type': 'atomic' };
const extra = (doc: string): Schema => ({ additionalProperties: { items: { default: '', type: 'string' }, type: 'array' }, description: doc, type: 'object' });

function kind(d: Dialect, name: string, group: string, spec: string | undefined, status: string, doc: string): Schema {
  return object(
    doc,
    {
      apiVersion: str('The versioned schema of this representation of an object.'),
      kind: str('The REST resource this object represents, in CamelCase.'),
      metadata: tag(1, refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true)),
      ...(spec ? { spec: tag(2, refProp(d, spec, 'The request.', true)) } : {}),
      status: tag(spec ? 3 : 2, refProp(d, status, 'The answer, set by the server.', true)),
    },
    { gvk: [{ group, kind: name, version: 'v1' }] },
  );
}

export function reviewSchemas(d: Dialect): Record<string, Schema> {
  const AUTHZ = 'authorization.orch.io';
  const AUTHN = 'authentication.orch.io';
  return {
    [authz('FieldSelectorAttributes')]: object('The field selector of a list or watch, as written and as parsed.', {
      rawSelector: tag(1, str('The selector as the request gave it.')),
      requirements: tag(2, refArray(d, meta('FieldSelectorRequirement'), 'The parsed requirements, ANDed.', atomic)),
    }),
    [authz('LabelSelectorAttributes')]: object('The label selector of a list or watch, as written and as parsed.', {
      rawSelector: tag(1, str('The selector as the request gave it.')),
      requirements: tag(2, refArray(d, meta('LabelSelectorRequirement'), 'The parsed requirements, ANDed.', atomic)),
    }),
    [authz('ResourceAttributes')]: object('A resource request to authorize.', {
      fieldSelector: tag(8, refProp(d, authz('FieldSelectorAttributes'), 'The field selector of a list or watch.')),
      group: tag(3, str('API group.')),
      labelSelector: tag(9, refProp(d, authz('LabelSelectorAttributes'), 'The label selector of a list or watch.')),
      name: tag(7, str('Name of the resource.')),
      namespace: tag(1, str('Namespace of the request.')),
      resource: tag(5, str('Resource.')),
      subresource: tag(6, str('Subresource.')),
      verb: tag(2, str('Verb.')),
      version: tag(4, str('API version.')),
    }),
    [authz('NonResourceAttributes')]: object('A non-resource request to authorize.', { path: tag(1, str('URL path.')), verb: tag(2, str('HTTP verb.')) }),
    [authz('SubjectAccessReviewSpec')]: object('The request to authorize and, for SubjectAccessReview, who makes it.', {
      extra: tag({ tag: 5, wrapped: true }, extra('Extra attributes of the user.')),
      groups: tag(4, stringList('Groups of the user.', { 'x-kubernetes-list-type': 'atomic' })),
      nonResourceAttributes: tag(2, refProp(d, authz('NonResourceAttributes'), 'A non-resource request.')),
      resourceAttributes: tag(1, refProp(d, authz('ResourceAttributes'), 'A resource request.')),
      uid: tag(6, str('UID of the user.')),
      user: tag(3, str('The user.')),
    }),
    [authz('SelfSubjectAccessReviewSpec')]: object('The request to authorize for the caller.', {
      nonResourceAttributes: tag(2, refProp(d, authz('NonResourceAttributes'), 'A non-resource request.')),
      resourceAttributes: tag(1, refProp(d, authz('ResourceAttributes'), 'A resource request.')),
    }),
    [authz('SelfSubjectRulesReviewSpec')]: object('The namespace to list the caller\'s rules in.', { namespace: tag(1, str('Namespace.')) }),
    [authz('SubjectAccessReviewStatus')]: object(
      'The decision.',
      {
        allowed: tag({ tag: 1, keepZero: true }, { ...bool('Whether the request is allowed.'), default: false }),
        denied: tag(4, bool('Whether the request is denied outright, whatever other authorizers say.')),
        evaluationError: tag(3, str('What went wrong while deciding, if anything; the decision may still stand.')),
        reason: tag(2, str('Why the request was allowed or denied.')),
      },
      { required: ['allowed'] },
    ),
    [authz('ResourceRule')]: object(
      'Verbs allowed on resources; "*" stands for all.',
      {
        apiGroups: tag(2, stringList('API groups of the resources.', atomic)),
        resourceNames: tag(4, stringList('Names the rule is restricted to; empty means every name.', atomic)),
        resources: tag(3, stringList('Resources, or resource/subresource.', atomic)),
        verbs: tag(1, stringList('The verbs allowed.', atomic)),
      },
      { required: ['verbs'] },
    ),
    [authz('NonResourceRule')]: object(
      'Verbs allowed on non-resource URLs.',
      { nonResourceURLs: tag(2, stringList('URL paths; a trailing "*" matches a prefix.', atomic)), verbs: tag(1, stringList('The verbs allowed.', atomic)) },
      { required: ['verbs'] },
    ),
    [authz('SubjectRulesReviewStatus')]: object(
      'What the caller may do; the list may be incomplete when an authorizer cannot enumerate rules.',
      {
        evaluationError: tag(4, str('What went wrong while listing the rules, if anything.')),
        incomplete: tag({ tag: 3, keepZero: true }, { ...bool('True when the rules are not all the caller has.'), default: false }),
        nonResourceRules: tag(2, refArray(d, authz('NonResourceRule'), 'Verbs allowed on non-resource URLs.', atomic)),
        resourceRules: tag(1, refArray(d, authz('ResourceRule'), 'Verbs allowed on resources.', atomic)),
      },
      { required: ['resourceRules', 'nonResourceRules', 'incomplete'] },
    ),
    [authz('SubjectAccessReview')]: kind(d, 'SubjectAccessReview', AUTHZ, authz('SubjectAccessReviewSpec'), authz('SubjectAccessReviewStatus'), 'Asks whether a user may make a request.'),
    [authz('LocalSubjectAccessReview')]: kind(d, 'LocalSubjectAccessReview', AUTHZ, authz('SubjectAccessReviewSpec'), authz('SubjectAccessReviewStatus'), 'Asks whether a user may make a request in a namespace.'),
    [authz('SelfSubjectAccessReview')]: kind(d, 'SelfSubjectAccessReview', AUTHZ, authz('SelfSubjectAccessReviewSpec'), authz('SubjectAccessReviewStatus'), 'Asks whether the caller may make a request.'),
    [authz('SelfSubjectRulesReview')]: kind(d, 'SelfSubjectRulesReview', AUTHZ, authz('SelfSubjectRulesReviewSpec'), authz('SubjectRulesReviewStatus'), 'Lists what the caller may do in a namespace.'),
    [authn('TokenReviewSpec')]: object('The token to authenticate.', {
      audiences: tag(2, stringList('Audiences the token must be valid for.', { 'x-kubernetes-list-type': 'atomic' })),
      token: tag(1, str('The opaque bearer token.')),
    }),
    [authn('UserInfo')]: object('Who a user is, as authentication found.', {
      extra: tag({ tag: 4, wrapped: true }, extra('Other information the authenticator provides.')),
      groups: tag(3, stringList('Groups the user belongs to.', atomic)),
      uid: tag(2, str('A value that identifies the user over time, unlike a name that may be reused.')),
      username: tag(1, str('The name that identifies the user among all active users.')),
    }),
    [authn('TokenReviewStatus')]: object('The result of authenticating the token.', {
      audiences: tag(4, stringList('Audiences the token is valid for, out of those asked for.', atomic)),
      authenticated: tag(1, bool('Whether the token is valid.')),
      error: tag(3, str('Why the token could not be checked.')),
      user: tag(2, refProp(d, authn('UserInfo'), 'Who the token belongs to.', true)),
    }),
    [authn('SelfSubjectReviewStatus')]: object('Who the caller is.', {
      userInfo: tag(1, refProp(d, authn('UserInfo'), 'The caller as authentication found it.', true)),
    }),
    [authn('TokenReview')]: kind(d, 'TokenReview', AUTHN, authn('TokenReviewSpec'), authn('TokenReviewStatus'), 'Authenticates a token.'),
    [authn('SelfSubjectReview')]: kind(d, 'SelfSubjectReview', AUTHN, undefined, authn('SelfSubjectReviewStatus'), 'Answers who the caller is.'),
  };
}
