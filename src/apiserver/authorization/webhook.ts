// Mode Webhook: each decision is a SubjectAccessReview POSTed to a remote service named in an
// orchconfig file. The wire form is Kubernetes': the body says `authorization.k8s.io/<version>`
// so existing Kubernetes authorization webhooks understand it, and an answer in either
// authorization.k8s.io or authorization.orch.io is read. Answers are cached by the review's spec:
// allowed ones for the authorized TTL, others for the unauthorized TTL. A webhook that cannot be
// reached or answers badly gives the failure decision (no opinion unless configured otherwise).
import { klog } from '../../component-base/logs/klog.ts';
import { reviewAnswerStatus, reviewWebhookPoster } from '../../component-base/webhook/review-client.ts';
import type { WebhookClientConfig } from '../../component-base/authentication/orchconfig-client.ts';
import type { Attributes, Authorizer, AuthorizerResult, Decision } from '../../machinery/authorization/types.ts';
import { reviewResourceAttributes } from './review-attributes.ts';
import { authorizationMatches, type AuthorizationMatchCondition } from './authorization-config-cel.ts';

const log = klog('authorization/webhook');

export const AUTHORIZATION_WIRE_GROUP = 'authorization.k8s.io';
const ANSWER_GROUPS = new Set(['authorization.k8s.io', 'authorization.orch.io']);
const MAX_CACHE_ENTRIES = 10_000;

export interface WebhookAuthorizerOptions {
  client: WebhookClientConfig;
  version: 'v1' | 'v1beta1';
  authorizedTTLms: number;
  unauthorizedTTLms: number;
  timeoutMs?: number;
  /** Decision when the webhook fails: 'noOpinion' (the flags' behaviour) or 'deny'. */
  failureDecision?: Decision;
  /** Name used in log lines and failure reasons. */
  name?: string;
  /** --authorization-config matchConditions: the webhook is asked only when all hold. */
  matchConditions?: readonly AuthorizationMatchCondition[];
  /** Called before each call to the remote service (tests count cache misses with it). */
  onCall?: () => void;
}

/** The SubjectAccessReview spec of a request, in the given wire version. */
export function reviewSpec(attrs: Attributes, version: 'v1' | 'v1beta1'): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  if (attrs.isResourceRequest) {
    // Every field is omitempty on the wire: a cluster-scoped request has no namespace key at all.
    spec.resourceAttributes = Object.fromEntries(Object.entries(reviewResourceAttributes(attrs)).filter(([, v]) => v !== ''));
  } else {
    spec.nonResourceAttributes = { path: attrs.path, verb: attrs.verb };
  }
  spec.user = attrs.user.name;
  spec[version === 'v1' ? 'groups' : 'group'] = attrs.user.groups;
  if (attrs.user.uid) spec.uid = attrs.user.uid;
  if (attrs.user.extra && Object.keys(attrs.user.extra).length) spec.extra = attrs.user.extra;
  return spec;
}

function decisionOf(status: Record<string, unknown>): AuthorizerResult {
  const reason = typeof status.reason === 'string' ? status.reason : '';
  if (status.denied === true && status.allowed === true) return { decision: 'deny', reason: 'webhook subject access review returned both allow and deny response' };
  if (status.denied === true) return { decision: 'deny', reason };
  if (status.allowed === true) return { decision: 'allow', reason };
  return { decision: 'noOpinion', reason };
}

export function webhookAuthorizer(opts: WebhookAuthorizerOptions): Authorizer {
  const { client } = opts;
  const apiVersion = `${AUTHORIZATION_WIRE_GROUP}/${opts.version}`;
  const post = reviewWebhookPoster(client, opts.timeoutMs ?? 30_000);
  const failure = opts.failureDecision ?? 'noOpinion';
  const label = opts.name ? `webhook ${JSON.stringify(opts.name)}` : 'webhook authorizer';
  const cache = new Map<string, { result: AuthorizerResult; expires: number }>();

  const remember = (key: string, result: AuthorizerResult): void => {
    const ttl = result.decision === 'allow' ? opts.authorizedTTLms : opts.unauthorizedTTLms;
    if (ttl <= 0) return;
    if (cache.size >= MAX_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { result, expires: Date.now() + ttl });
  };

  async function ask(body: string): Promise<AuthorizerResult> {
    const answer = await post(body);
    return decisionOf(reviewAnswerStatus(answer, 'SubjectAccessReview', ANSWER_GROUPS, opts.version));
  }

  return {
    async authorize(attrs) {
      try {
        if (!authorizationMatches(opts.matchConditions ?? [], attrs)) return { decision: 'noOpinion', reason: '' };
      } catch (err) {
        log.error('authorization webhook match conditions failed', { webhook: opts.name ?? client.server, err: (err as Error).message });
        return { decision: failure, reason: `${label}: ${(err as Error).message}` };
      }
      const spec = reviewSpec(attrs, opts.version);
      const key = JSON.stringify(spec);
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.result;
      if (hit) cache.delete(key);
      const body = JSON.stringify({ apiVersion, kind: 'SubjectAccessReview', metadata: { creationTimestamp: null }, spec, status: { allowed: false } });
      opts.onCall?.();
      try {
        const result = await ask(body);
        remember(key, result);
        return result;
      } catch (err) {
        log.error('authorization webhook failed', { webhook: opts.name ?? client.server, err: (err as Error).message });
        return { decision: failure, reason: `${label}: ${(err as Error).message}` };
      }
    },
  };
}
