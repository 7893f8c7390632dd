// authentication.orch.io/v1 TokenReview (the server's authenticators judge a bearer token) and
// SelfSubjectReview (`kubectl auth whoami`: who the requester is). Both are creates that are
// never stored; the answer is the posted object with its status filled in.
import type { SelfSubjectReview, TokenReview, UserInfoV1 } from '../../../api/authentication/v1/types.ts';
import { GROUP } from '../../../api/authentication/v1/types.ts';
import { badRequest, internalError } from '../../../machinery/status.ts';
import { ANONYMOUS_USER } from '../../../component-base/authentication/types.ts';
import type { Request, UserInfo } from '../../../component-base/serving/request-context.ts';
import type { InstalledResource } from '../generic/context.ts';
import type { ReviewBackends } from '../authorization/review-backends.ts';
import { reviewDeclaration } from '../authorization/review-declaration.ts';
import { unstoredStore } from '../generic/unstored-store.ts';

export function userInfoV1(user: UserInfo): UserInfoV1 {
  return {
    username: user.name,
    ...(user.uid ? { uid: user.uid } : {}),
    ...(user.groups.length ? { groups: user.groups } : {}),
    ...(user.extra && Object.keys(user.extra).length ? { extra: user.extra } : {}),
  };
}

/** A bearer-token request no connection carries: only the token authenticators apply to it. */
function tokenOnlyRequest(token: string): Request {
  return { headers: { authorization: `Bearer ${token}` }, socket: {}, method: 'POST', url: '/' } as unknown as Request;
}

function tokenReviewCreate(backends: ReviewBackends) {
  return async (obj: TokenReview): Promise<TokenReview> => {
    const token = obj.spec?.token ?? '';
    if (!token) throw badRequest('token is required for TokenReview');
    const authenticator = backends.authenticator();
    if (!authenticator) throw internalError('the authenticator is not ready');
    const wanted = obj.spec.audiences?.length ? obj.spec.audiences : backends.apiAudiences();
    let status: NonNullable<TokenReview['status']>;
    try {
      const result = await authenticator.authenticate(tokenOnlyRequest(token));
      status =
        result && result.user.name !== ANONYMOUS_USER
          ? { authenticated: true, user: userInfoV1(result.user), ...(wanted.length ? { audiences: wanted } : {}) }
          : { user: {} };
    } catch (err) {
      status = { user: {}, error: (err as Error).message };
    }
    return { ...obj, metadata: { ...obj.metadata }, status };
  };
}

function selfSubjectReviewCreate() {
  return async (obj: SelfSubjectReview, ctx: { user: UserInfo }): Promise<SelfSubjectReview> => ({
    ...obj,
    metadata: { ...obj.metadata },
    status: { userInfo: userInfoV1(ctx.user) },
  });
}

export function authenticationReviewResources(backends: ReviewBackends): InstalledResource<any, any>[] {
  const out: InstalledResource<any, any>[] = [];
  out.push({ declaration: reviewDeclaration<TokenReview>({ group: GROUP, kind: 'TokenReview', plural: 'tokenreviews', namespaced: false }), store: unstoredStore<TokenReview>(), virtualCreate: tokenReviewCreate(backends) });
  out.push({ declaration: reviewDeclaration<SelfSubjectReview>({ group: GROUP, kind: 'SelfSubjectReview', plural: 'selfsubjectreviews', namespaced: false }), store: unstoredStore<SelfSubjectReview>(), virtualCreate: selfSubjectReviewCreate() });
  return out;
}
