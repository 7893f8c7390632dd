// Definitions of the review kinds (authorization.orch.io and authentication.orch.io v1): computed
// on create and never stored, but their bodies decode as any other kind's.
import { META_V1 } from './names.ts';
import { object, refProp, str, stringList, type Dialect, type Schema } from './schema-builder.ts';

export const AUTHORIZATION_V1 = 'io.orch.api.authorization.v1';
export const AUTHENTICATION_V1 = 'io.orch.api.authentication.v1';

const meta = (n: string) => `${META_V1}.${n}`;
const authz = (n: string) => `${AUTHORIZATION_V1}.${n}`;
const authn = (n: string) => `${AUTHENTICATION_V1}.${n}`;
const extra = (doc: string): Schema => ({ additionalProperties: { items: { default: '', type: 'string' }, type: 'array' }, description: doc, type: 'object' });

function kind(d: Dialect, name: string, group: string, spec: string | undefined, doc: string): Schema {
  return object(
    doc,
    {
      apiVersion: str('The versioned schema of this representation of an object.'),
      kind: str('The REST resource this object represents, in CamelCase.'),
      metadata: refProp(d, meta('ObjectMeta'), 'Standard object metadata.', true),
      ...(spec ? { spec: refProp(d, spec, 'The request.', true) } : {}),
      status: { description: 'The answer, set by the server.', type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
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
    [authz('SubjectAccessReview')]: kind(d, 'SubjectAccessReview', AUTHZ, authz('SubjectAccessReviewSpec'), 'Asks whether a user may make a request.'),
    [authz('LocalSubjectAccessReview')]: kind(d, 'LocalSubjectAccessReview', AUTHZ, authz('SubjectAccessReviewSpec'), 'Asks whether a user may make a request in a namespace.'),
    [authz('SelfSubjectAccessReview')]: kind(d, 'SelfSubjectAccessReview', AUTHZ, authz('SelfSubjectAccessReviewSpec'), 'Asks whether the caller may make a request.'),
    [authz('SelfSubjectRulesReview')]: kind(d, 'SelfSubjectRulesReview', AUTHZ, authz('SelfSubjectRulesReviewSpec'), 'Lists what the caller may do in a namespace.'),
    [authn('TokenReviewSpec')]: object('The token to authenticate.', {
      audiences: stringList('Audiences the token must be valid for.', { 'x-kubernetes-list-type': 'atomic' }),
      token: str('The opaque bearer token.'),
    }),
    [authn('TokenReview')]: kind(d, 'TokenReview', AUTHN, authn('TokenReviewSpec'), 'Authenticates a token.'),
    [authn('SelfSubjectReview')]: kind(d, 'SelfSubjectReview', AUTHN, undefined, 'Answers who the caller is.'),
  };
}
