// --audit-webhook-*: batches of events POSTed as an EventList to the webhook. A failed POST
// (network error, 429 or 5xx) is retried with exponential back-off starting at the initial
// back-off, five tries in all, as Kubernetes' webhook client does.
import { Agent, request } from 'node:https';
import type { AuditBackend } from './backend.ts';
import { handlePluginError } from './backend.ts';
import type { AuditMetrics } from './metrics.ts';
import type { AuditEvent, EventList } from './types.ts';
import type { WebhookTarget } from './webhook-target.ts';
// Not imported: an ESM import of node:http makes Node load its fetch implementation (~50 ms of start).
const { request: httpRequest, Agent: HttpAgent } = process.getBuiltinModule('node:http');

const REQUEST_TIMEOUT_MS = 30_000;
const BACKOFF_FACTOR = 1.5;
const BACKOFF_JITTER = 0.2;
const BACKOFF_STEPS = 5;

export interface WebhookOptions {
  apiVersion: string;
  initialBackoffMs: number;
  metrics: AuditMetrics;
}

class WebhookError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function newWebhookBackend(target: WebhookTarget, opts: WebhookOptions): AuditBackend {
  const secure = target.url.protocol === 'https:';
  const agent = secure
    ? new Agent({ keepAlive: true, ca: target.ca, cert: target.cert, key: target.key, rejectUnauthorized: !target.insecureSkipTLSVerify, servername: target.serverName })
    : new HttpAgent({ keepAlive: true });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (target.token) headers.Authorization = `Bearer ${target.token}`;

  function post(body: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const send = secure ? request : httpRequest;
      const req = send(target.url, { method: 'POST', agent, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c.length < 1024 ? c : ''));
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          if (code >= 200 && code < 300) resolve();
          else reject(new WebhookError(`the server responded with the status code ${code}: ${text.trim().slice(0, 200)}`, code === 429 || code >= 500));
        });
        res.on('error', (err) => reject(new WebhookError(err.message, true)));
      });
      req.on('timeout', () => req.destroy(new Error('request timed out')));
      req.on('error', (err) => reject(new WebhookError(err.message, true)));
      req.end(body);
    });
  }

  async function postWithRetries(body: string): Promise<void> {
    let delay = opts.initialBackoffMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await post(body);
        return;
      } catch (err) {
        if (!(err instanceof WebhookError) || !err.retryable || attempt >= BACKOFF_STEPS) throw err;
      }
      await sleep(delay * (1 + Math.random() * BACKOFF_JITTER));
      delay *= BACKOFF_FACTOR;
    }
  }

  return {
    async processEvents(events: AuditEvent[]) {
      const list: EventList = {
        kind: 'EventList',
        apiVersion: opts.apiVersion,
        metadata: {},
        items: events.map((e) => (e.apiVersion === opts.apiVersion ? e : { ...e, apiVersion: opts.apiVersion })),
      };
      try {
        await postWithRetries(JSON.stringify(list));
        return true;
      } catch (err) {
        handlePluginError(opts.metrics, 'webhook', err, events);
        return false;
      }
    },
    async shutdown() {
      agent.destroy();
    },
  };
}
