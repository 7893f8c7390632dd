// Definitions of the review kinds (authorization.orch.io and authentication.orch.io v1): computed
// on create and never stored, but their bodies decode as any other kind's.
import { META_V1 } from './names.ts';
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
      metadata: refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true),
      ...(spec ? { spec: refProp(d, spec, 'The request.', true) } : {}),
      status: refProp(d, status, 'The answer, set by the server.', true),
    },
    { gvk: [{ group, kind: name, version: 'v1' }] },
  );
}

export function reviewSchemas(d: Dialect): Record<string, Schema> {
  const AUTHZ = 'authorization.orch.io';
  const AUTHN = 'authentication.orch.io';
  return {
    [authz('ResourceAttributes')]: object('A resource request to authorize.', {
      fieldSelector: { description: 'The field selector of a list or watch.', type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      group: str('API group.'),
      labelSelector: { description: 'The label selector of a list or watch.', type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      name: str('Name of the resource.'),
      namespace: str('Namespace of the request.'),
      resource: str('Resource.'),
      subresource: str('Subresource.'),
      verb: str('Verb.'),
      version: str('API version.'),
    }),
    [authz('NonResourceAttributes')]: object('A non-resource request to authorize.', { path: str('URL path.'), verb: str('HTTP verb.') }),
    [authz('SubjectAccessReviewSpec')]: object('The request to authorize and, for SubjectAccessReview, who makes it.', {
      extra: extra('Extra attributes of the user.'),
      groups: stringList('Groups of the user.', { 'x-kubernetes-list-type': 'atomic' }),
      nonResourceAttributes: refProp(d, authz('NonResourceAttributes'), 'A non-resource request.'),
      resourceAttributes: refProp(d, authz('ResourceAttributes'), 'A resource request.'),
      uid: str('UID of the user.'),
      user: str('The user.'),
    }),
    [authz('SelfSubjectAccessReviewSpec')]: object('The request to authorize for the caller.', {
      nonResourceAttributes: refProp(d, authz('NonResourceAttributes'), 'A non-resource request.'),
      resourceAttributes: refProp(d, authz('ResourceAttributes'), 'A resource request.'),
    }),
    [authz('SelfSubjectRulesReviewSpec')]: object('The namespace to list the caller\'s rules in.', { namespace: str('Namespace.') }),
    [authz('SubjectAccessReviewStatus')]: object(
      'The decision.',
      {
        allowed: { ...bool('Whether the request is allowed.'), default: false },
        denied: bool('Whether the request is denied outright, whatever other authorizers say.'),
        evaluationError: str('What went wrong while deciding, if anything; the decision may still stand.'),
        reason: str('Why the request was allowed or denied.'),
      },
      { required: ['allowed'] },
    ),
    [authz('ResourceRule')]: object(
      'Verbs allowed on resources; "*" stands for all.',
      {
        apiGroups: stringList('API groups of the resources.', atomic),
        resourceNames: stringList('Names the rule is restricted to; empty means every name.', atomic),
        resources: stringList('Resources, or resource/subresource.', atomic),
        verbs: stringList('The verbs allowed.', atomic),
      },
      { required: ['verbs'] },
    ),
    [authz('NonResourceRule')]: object(
      'Verbs allowed on non-resource URLs.',
      { nonResourceURLs: stringList('URL paths; a trailing "*" matches a prefix.', atomic), verbs: stringList('The verbs allowed.', atomic) },
      { required: ['verbs'] },
    ),
    [authz('SubjectRulesReviewStatus')]: object(
      'What the caller may do; the list may be incomplete when an authorizer cannot enumerate rules.',
      {
        evaluationError: str('What went wrong while listing the rules, if anything.'),
        incomplete: { ...bool('True when the rules are not all the caller has.'), default: false },
        nonResourceRules: refArray(d, authz('NonResourceRule'), 'Verbs allowed on non-resource URLs.', atomic),
        resourceRules: refArray(d, authz('ResourceRule'), 'Verbs allowed on resources.', atomic),
      },
      { required: ['resourceRules', 'nonResourceRules', 'incomplete'] },
    ),
    [authz('SubjectAccessReview')]: kind(d, 'SubjectAccessReview', AUTHZ, authz('SubjectAccessReviewSpec'), authz('SubjectAccessReviewStatus'), 'Asks whether a user may make a request.'),
    [authz('LocalSubjectAccessReview')]: kind(d, 'LocalSubjectAccessReview', AUTHZ, authz('SubjectAccessReviewSpec'), authz('SubjectAccessReviewStatus'), 'Asks whether a user may make a request in a namespace.'),
    [authz('SelfSubjectAccessReview')]: kind(d, 'SelfSubjectAccessReview', AUTHZ, authz('SelfSubjectAccessReviewSpec'), authz('SubjectAccessReviewStatus'), 'Asks whether the caller may make a request.'),
    [authz('SelfSubjectRulesReview')]: kind(d, 'SelfSubjectRulesReview', AUTHZ, authz('SelfSubjectRulesReviewSpec'), authz('SubjectRulesReviewStatus'), 'Lists what the caller may do in a namespace.'),
    [authn('TokenReviewSpec')]: object('The token to authenticate.', {
      audiences: stringList('Audiences the token must be valid for.', { 'x-kubernetes-list-type': 'atomic' }),
      token: str('The opaque bearer token.'),
    }),
    [authn('UserInfo')]: object('Who a user is, as authentication found.', {
      extra: extra('Other information the authenticator provides.'),
      groups: stringList('Groups the user belongs to.', atomic),
      uid: str('A value that identifies the user over time, unlike a name that may be reused.'),
      username: str('The name that identifies the user among all active users.'),
    }),
    [authn('TokenReviewStatus')]: object('The result of authenticating the token.', {
      audiences: stringList('Audiences the token is valid for, out of those asked for.', atomic),
      authenticated: bool('Whether the token is valid.'),
      error: str('Why the token could not be checked.'),
      user: refProp(d, authn('UserInfo'), 'Who the token belongs to.', true),
    }),
    [authn('SelfSubjectReviewStatus')]: object('Who the caller is.', {
      userInfo: refProp(d, authn('UserInfo'), 'The caller as authentication found it.', true),
    }),
    [authn('TokenReview')]: kind(d, 'TokenReview', AUTHN, authn('TokenReviewSpec'), authn('TokenReviewStatus'), 'Authenticates a token.'),
    [authn('SelfSubjectReview')]: kind(d, 'SelfSubjectReview', AUTHN, undefined, authn('SelfSubjectReviewStatus'), 'Answers who the caller is.'),
  };
}
