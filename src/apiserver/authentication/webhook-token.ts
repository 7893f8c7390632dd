// --authentication-token-webhook-config-file: bearer tokens are sent to a remote service as a
// TokenReview and its answer names the user. The wire form is Kubernetes': the body says
// `authentication.k8s.io/<version>` so existing Kubernetes token webhooks understand it, and an
// answer in either authentication.k8s.io or authentication.orch.io is read. Answers (accepted or
// refused) are cached per token hash for --authentication-token-webhook-cache-ttl.
import { Agent, request } from 'node:https';
import { klog } from '../../component-base/logs/klog.ts';
import type { UserInfo } from '../server/request-context.ts';
import type { WebhookClientConfig } from './orchconfig-client.ts';
import { cachedTokenAuthenticator, TokenRefusedError } from './token-cache.ts';
import { AuthenticationError, type TokenAuthenticator } from './types.ts';

const log = klog('authentication/webhook');

export const WIRE_GROUP = 'authentication.k8s.io';
const ANSWER_GROUPS = new Set(['authentication.k8s.io', 'authentication.orch.io']);
const TIMEOUT_MS = 10_000;
const RETRY_DELAYS_MS = [200, 500];
const MAX_ANSWER = 1 << 20;

export interface WebhookTokenOptions {
  client: WebhookClientConfig;
  version: 'v1' | 'v1beta1';
  cacheTTLms: number;
  /** --api-audiences: sent as spec.audiences, and an answer's status.audiences must share one. */
  audiences: string[];
}

class TransientError extends Error {}

function post(client: WebhookClientConfig, agent: Agent, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (client.token) headers.authorization = `Bearer ${client.token}`;
    const req = request(client.server, { method: 'POST', agent, headers, timeout: TIMEOUT_MS }, (res) => {
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
  const agent = new Agent({ keepAlive: true, ca: client.ca, cert: client.cert, key: client.key, rejectUnauthorized: !client.insecureSkipTLSVerify });
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
      const body = JSON.stringify(review);
      let answer: { status: number; text: string } | undefined;
      for (let attempt = 0; ; attempt++) {
        try {
          answer = await post(client, agent, body);
          if (answer.status < 500 || attempt >= RETRY_DELAYS_MS.length) break;
        } catch (err) {
          if (!(err instanceof TransientError) || attempt >= RETRY_DELAYS_MS.length) {
            log.error('token webhook unreachable', { server: client.server, err: (err as Error).message });
            throw new AuthenticationError(`webhook token authenticator: ${(err as Error).message}`);
          }
        }
        await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
      }
      if (answer.status < 200 || answer.status > 299) throw new AuthenticationError(`webhook token authenticator: the webhook answered ${answer.status}`);
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(answer.text) as Record<string, unknown>;
      } catch {
        throw new AuthenticationError('webhook token authenticator: the answer is not JSON');
      }
      const [group, version] = String(parsed.apiVersion ?? '').split('/');
      if (parsed.kind !== 'TokenReview' || !ANSWER_GROUPS.has(group ?? '') || version !== opts.version) {
        throw new AuthenticationError(`webhook token authenticator: expected a TokenReview ${opts.version} answer, got ${String(parsed.kind)} ${String(parsed.apiVersion)}`);
      }
      const status = (parsed.status ?? {}) as Record<string, unknown>;
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
