// Mode Webhook: each decision is a SubjectAccessReview POSTed to a remote service named in an
// orchconfig file. The wire form is Kubernetes': the body says `authorization.k8s.io/<version>`
// so existing Kubernetes authorization webhooks understand it, and an answer in either
// authorization.k8s.io or authorization.orch.io is read. Answers are cached by the review's spec:
// allowed ones for the authorized TTL, others for the unauthorized TTL. A webhook that cannot be
// reached or answers badly gives the failure decision (no opinion unless configured otherwise).
import { Agent, request } from 'node:https';
import { klog } from '../../component-base/logs/klog.ts';
import type { WebhookClientConfig } from '../authentication/orchconfig-client.ts';
import type { Attributes, Authorizer, AuthorizerResult, Decision } from './types.ts';
import { authorizationMatches, type AuthorizationMatchCondition } from './authorization-config-cel.ts';

const log = klog('authorization/webhook');

export const AUTHORIZATION_WIRE_GROUP = 'authorization.k8s.io';
const ANSWER_GROUPS = new Set(['authorization.k8s.io', 'authorization.orch.io']);
const RETRY_DELAYS_MS = [200, 500];
const MAX_ANSWER = 1 << 20;
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

class TransientError extends Error {}

/** The SubjectAccessReview spec of a request, in the given wire version. */
export function reviewSpec(attrs: Attributes, version: 'v1' | 'v1beta1'): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  if (attrs.isResourceRequest) {
    // Every field is omitempty on the wire: a cluster-scoped request has no namespace key at all.
    const fields: Record<string, string> = {
      namespace: attrs.namespace,
      verb: attrs.verb,
      group: attrs.apiGroup,
      version: attrs.apiVersion,
      resource: attrs.resource,
      subresource: attrs.subresource,
      name: attrs.name,
    };
    spec.resourceAttributes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
  } else {
    spec.nonResourceAttributes = { path: attrs.path, verb: attrs.verb };
  }
  spec.user = attrs.user.name;
  spec[version === 'v1' ? 'groups' : 'group'] = attrs.user.groups;
  if (attrs.user.uid) spec.uid = attrs.user.uid;
  if (attrs.user.extra && Object.keys(attrs.user.extra).length) spec.extra = attrs.user.extra;
  return spec;
}

function post(client: WebhookClientConfig, agent: Agent, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (client.token) headers.authorization = `Bearer ${client.token}`;
    const req = request(client.server, { method: 'POST', agent, headers, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
        if (text.length > MAX_ANSWER) req.destroy(new Error('answer too large'));
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new TransientError('timed out')));
    req.on('error', (err) => reject(err instanceof TransientError ? err : new TransientError(err.message)));
    req.end(body);
  });
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
  const agent = new Agent({ keepAlive: true, ca: client.ca, cert: client.cert, key: client.key, rejectUnauthorized: !client.insecureSkipTLSVerify });
  const apiVersion = `${AUTHORIZATION_WIRE_GROUP}/${opts.version}`;
  const timeoutMs = opts.timeoutMs ?? 30_000;
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
    let answer: { status: number; text: string } | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        answer = await post(client, agent, body, timeoutMs);
        if (answer.status < 500 || attempt >= RETRY_DELAYS_MS.length) break;
      } catch (err) {
        if (!(err instanceof TransientError) || attempt >= RETRY_DELAYS_MS.length) throw err;
      }
      await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
    }
    if (answer.status < 200 || answer.status > 299) throw new Error(`the webhook answered ${answer.status}`);
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      throw new Error('the answer is not JSON');
    }
    const [group, version] = String(parsed.apiVersion ?? '').split('/');
    if (parsed.kind !== 'SubjectAccessReview' || !ANSWER_GROUPS.has(group ?? '') || version !== opts.version) {
      throw new Error(`expected a SubjectAccessReview ${opts.version} answer, got ${String(parsed.kind)} ${String(parsed.apiVersion)}`);
    }
    return decisionOf((parsed.status ?? {}) as Record<string, unknown>);
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
