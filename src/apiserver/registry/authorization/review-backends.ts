// The review APIs run the server's own authenticator and authorizer, which exist only once the
// server's configuration is complete (after the REST handler is built). This holder is handed to
// both: the configuration binds it (ServerDeps.onAuthBuilt), the reviews read it per request.
import type { RequestAuthenticator } from '../../../component-base/authentication/types.ts';
import type { Authorizer } from '../../../machinery/authorization/types.ts';
import type { RbacPolicyIndex } from '../../authorization/rbac/policy-index.ts';

export interface ReviewBackends {
  authorizer(): Authorizer | undefined;
  authenticator(): RequestAuthenticator | undefined;
  apiAudiences(): string[];
  /** The RBAC policy, for SelfSubjectRulesReview; undefined when RBAC is not served. */
  rbac?: RbacPolicyIndex;
}

export interface BoundReviewBackends extends ReviewBackends {
  bind(auth: { authenticator: RequestAuthenticator; authorizer: Authorizer; apiAudiences: string[] }): void;
}

export function lateBoundReviewBackends(rbac?: RbacPolicyIndex): BoundReviewBackends {
  let bound: { authenticator: RequestAuthenticator; authorizer: Authorizer; apiAudiences: string[] } | undefined;
  return {
    authorizer: () => bound?.authorizer,
    authenticator: () => bound?.authenticator,
    apiAudiences: () => bound?.apiAudiences ?? [],
    ...(rbac ? { rbac } : {}),
    bind(auth) {
      bound = auth;
    },
  };
}
