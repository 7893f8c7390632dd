// --authentication-token-webhook-config-file: bearer tokens are sent to a remote service as a
// TokenReview and its answer names the user. The wire form is Kubernetes': the body says
// `authentication.k8s.io/<version>` so existing Kubernetes token webhooks understand it, and an
// answer in either authentication.k8s.io or authentication.orch.io is read. Answers (accepted or
// refused) are cached per token hash for --authentication-token-webhook-cache-ttl.
import { klog } from '../../component-base/logs/klog.ts';
import { reviewAnswerStatus, reviewWebhookPoster, type WebhookAnswer } from '../../component-base/webhook/review-client.ts';
import type { UserInfo } from '../../component-base/serving/request-context.ts';
import type { WebhookClientConfig } from '../../component-base/authentication/orchconfig-client.ts';
import { cachedTokenAuthenticator, TokenRefusedError } from '../../component-base/authentication/token-cache.ts';
import { AuthenticationError, type TokenAuthenticator } from '../../component-base/authentication/types.ts';

const log = klog('authentication/webhook');

export const WIRE_GROUP = 'authentication.k8s.io';
const ANSWER_GROUPS = new Set(['authentication.k8s.io', 'authentication.orch.io']);
const TIMEOUT_MS = 10_000;

export interface WebhookTokenOptions {
  client: WebhookClientConfig;
  version: 'v1' | 'v1beta1';
  cacheTTLms: number;
  /** --api-audiences: sent as spec.audiences, and an answer's status.audiences must share one. */
  audiences: string[];
}

function userFrom(status: Record<string, unknown>): UserInfo {
  const u = (status.user ?? {}) as Record<string, unknown>;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const extra: Record<string, string[]> = {};
  if (u.extra && typeof u.extra === 'object') for (const [k, v] of Object.entries(u.extra)) extra[k] = strings(v);
  return {
    name: typeof u.username === 'string' ? u.username : '',
    ...(typeof u.uid === 'string' && u.uid !== '' ? { uid: u.uid } : {}),
    groups: strings(u.groups),
    ...(Object.keys(extra).length ? { extra } : {}),
  };
}

/** The uncached webhook call; exported for the benchmark and tests. */
export function webhookTokenReviewer(opts: WebhookTokenOptions): TokenAuthenticator {
  const { client } = opts;
  const post = reviewWebhookPoster(client, TIMEOUT_MS);
  const apiVersion = `${WIRE_GROUP}/${opts.version}`;
  const wantAudiences = new Set(opts.audiences);
  return {
    async authenticateToken(token) {
      const review = {
        apiVersion,
        kind: 'TokenReview',
        metadata: { creationTimestamp: null },
        spec: { token, ...(opts.audiences.length ? { audiences: opts.audiences } : {}) },
        status: { user: {} },
      };
      let answer: WebhookAnswer;
      try {
        answer = await post(JSON.stringify(review));
      } catch (err) {
        log.error('token webhook unreachable', { server: client.server, err: (err as Error).message });
        throw new AuthenticationError(`webhook token authenticator: ${(err as Error).message}`);
      }
      let status: Record<string, unknown>;
      try {
        status = reviewAnswerStatus(answer, 'TokenReview', ANSWER_GROUPS, opts.version);
      } catch (err) {
        throw new AuthenticationError(`webhook token authenticator: ${(err as Error).message}`);
      }
      if (status.authenticated !== true) {
        if (typeof status.error === 'string' && status.error !== '') throw new TokenRefusedError(`webhook token authenticator: ${status.error}`);
        return null;
      }
      if (wantAudiences.size > 0 && Array.isArray(status.audiences) && status.audiences.length > 0) {
        if (!status.audiences.some((a) => wantAudiences.has(a as string))) return null;
      }
      return { user: userFrom(status) };
    },
  };
}

export function webhookTokenAuthenticator(opts: WebhookTokenOptions): TokenAuthenticator {
  return cachedTokenAuthenticator(webhookTokenReviewer(opts), { successTTLms: opts.cacheTTLms, failureTTLms: opts.cacheTTLms });
}
