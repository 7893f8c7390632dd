// Bearer tokens checked by the core API server: each is sent as an authentication.orch.io/v1
// TokenReview, and the answer (accepted or refused) is cached for
// --authentication-token-webhook-cache-ttl. A review that cannot be made fails the request (401)
// and is not cached.
import type { RestClient } from '../../client/rest/client.ts';
import type { TokenReview } from '../../api/authentication/v1/types.ts';
import { cachedTokenAuthenticator, TokenRefusedError } from '../authentication/token-cache.ts';
import { AuthenticationError, type TokenAuthenticator } from '../authentication/types.ts';
import { klog } from '../logs/klog.ts';

const log = klog('delegated/authentication');

export function tokenReviewAuthenticator(client: RestClient, cacheTTLms: number): TokenAuthenticator {
  const reviewer: TokenAuthenticator = {
    async authenticateToken(token) {
      let answer: TokenReview;
      try {
        answer = await client.request<TokenReview>({
          method: 'POST',
          path: '/apis/authentication.orch.io/v1/tokenreviews',
          body: { apiVersion: 'authentication.orch.io/v1', kind: 'TokenReview', metadata: {}, spec: { token } },
        });
      } catch (err) {
        log.error('TokenReview failed', { err: (err as Error).message });
        throw new AuthenticationError(`token review failed: ${(err as Error).message}`);
      }
      const status = answer.status;
      if (!status?.authenticated) {
        if (status?.error) throw new TokenRefusedError(status.error);
        return null;
      }
      const u = status.user ?? {};
      return {
        user: {
          name: u.username ?? '',
          ...(u.uid ? { uid: u.uid } : {}),
          groups: u.groups ?? [],
          ...(u.extra && Object.keys(u.extra).length ? { extra: u.extra } : {}),
        },
      };
    },
  };
  return cachedTokenAuthenticator(reviewer, { successTTLms: cacheTTLms, failureTTLms: cacheTTLms });
}
