// The client side of a review webhook (TokenReview, SubjectAccessReview): POST a review to the
// server an orchconfig file names, retrying what looks transient, and read the answer back as the
// review kind and version that was sent.
import { Agent, request } from 'node:https';
import type { WebhookClientConfig } from '../authentication/orchconfig-client.ts';

// Waits before the second and third attempts; a 5xx answer or a connection failure is retried.
const RETRY_DELAYS_MS = [200, 500];
const MAX_ANSWER = 1 << 20;

export interface WebhookAnswer {
  status: number;
  text: string;
}

class TransientError extends Error {}

function post(client: WebhookClientConfig, agent: Agent, body: string, timeoutMs: number): Promise<WebhookAnswer> {
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

/**
 * A function that POSTs a body to the webhook over one keep-alive connection pool. It resolves
 * with the last answer (a 5xx after the retries are spent included) and rejects with the last
 * error when the webhook cannot be reached.
 */
export function reviewWebhookPoster(client: WebhookClientConfig, timeoutMs: number): (body: string) => Promise<WebhookAnswer> {
  const agent = new Agent({ keepAlive: true, ca: client.ca, cert: client.cert, key: client.key, rejectUnauthorized: !client.insecureSkipTLSVerify });
  return async (body) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await post(client, agent, body, timeoutMs);
        if (answer.status < 500 || attempt >= RETRY_DELAYS_MS.length) return answer;
      } catch (err) {
        if (!(err instanceof TransientError) || attempt >= RETRY_DELAYS_MS.length) throw err;
      }
      await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt]));
    }
  };
}

/**
 * The status of a review answer, once the answer is a 2xx JSON `kind` in `version` of one of
 * `groups`; otherwise an Error saying what was wrong.
 */
export function reviewAnswerStatus(answer: WebhookAnswer, kind: string, groups: ReadonlySet<string>, version: string): Record<string, unknown> {
  if (answer.status < 200 || answer.status > 299) throw new Error(`the webhook answered ${answer.status}`);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    throw new Error('the answer is not JSON');
  }
  const [group, answerVersion] = String(parsed.apiVersion ?? '').split('/');
  if (parsed.kind !== kind || !groups.has(group ?? '') || answerVersion !== version) {
    throw new Error(`expected a ${kind} ${version} answer, got ${String(parsed.kind)} ${String(parsed.apiVersion)}`);
  }
  return (parsed.status ?? {}) as Record<string, unknown>;
}
