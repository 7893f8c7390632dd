// Records audit events for requests past authentication: the policy picks the level, and the
// event goes to the backends at each stage (RequestReceived; ResponseStarted for long-running
// requests; ResponseComplete, or Panic when the handler fails). A request whose RequestReceived
// event cannot be stored (blocking-strict) is refused with a 500. withFailedAuthenticationAudit
// records the 401s of requests that never got this far.
import { isStatusError } from '../../machinery/status.ts';
import type { AuditPipeline } from '../audit/build.ts';
import { newEvent, nowMs } from '../audit/event.ts';
import { recordResponseObject, requestAuditOf, startRequestAudit, type RequestAudit } from '../audit/request-audit.ts';
import { microTime, type AuditEvent, type Stage } from '../audit/types.ts';
import { requestContext, type Handler, type Request, type Response } from '../../component-base/serving/request-context.ts';
import { writeStatus, writeText } from '../../component-base/serving/responses.ts';
import { attributesFor } from './with-authorization.ts';

/** Hands a snapshot of the event at `stage` to the backends, unless the policy omits the stage. */
function emit(pipeline: AuditPipeline, ev: AuditEvent, omitStages: ReadonlySet<Stage>, stage: Stage): boolean | Promise<boolean> {
  if (omitStages.has(stage)) return true;
  ev.stage = stage;
  ev.stageTimestamp = microTime(nowMs());
  const snapshot: AuditEvent = { ...ev };
  if (ev.responseStatus) snapshot.responseStatus = { ...ev.responseStatus };
  if (ev.annotations) snapshot.annotations = { ...ev.annotations };
  pipeline.metrics.eventSent();
  return pipeline.backend.processEvents([snapshot]);
}

/** Go's http.Error body of Kubernetes' InternalError, HTML-escaped as it escapes it. */
function storeFailedText(req: Request): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);
  return `${escape(`Internal Server Error: ${JSON.stringify(req.url ?? '/')}: failed to store audit event`)}\n`;
}

/** Error responses written by any filter or handler fill responseStatus from their Status body. */
function captureErrorStatus(req: Request, res: Response, audit: RequestAudit): void {
  const end = res.end as (...args: unknown[]) => Response;
  (res as { end: unknown }).end = function (this: Response, ...args: unknown[]) {
    const chunk = args[0];
    if (res.statusCode >= 400 && !audit.statusRecorded && (typeof chunk === 'string' || Buffer.isBuffer(chunk)) && chunk.length < 65536) {
      try {
        recordResponseObject(req, JSON.parse(chunk.toString()));
      } catch {
        // Not a JSON body: the code alone is recorded.
      }
    }
    return end.apply(this, args);
  };
}

/** Long-running requests (watch) report ResponseStarted when the response head goes out. */
function reportResponseStarted(res: Response, onStart: (code: number) => void): void {
  let started = false;
  const hook = (name: 'writeHead' | 'write' | 'flushHeaders') => {
    const target = res as unknown as Record<string, ((...args: unknown[]) => unknown) | undefined>;
    const original = target[name];
    // HTTP/1.1 and HTTP/2 responses do not offer the same methods: hook only what exists.
    if (typeof original !== 'function') return;
    target[name] = function (this: Response, ...args: unknown[]) {
      if (!started && !res.headersSent) {
        started = true;
        onStart(name === 'writeHead' && typeof args[0] === 'number' ? args[0] : res.statusCode);
      }
      return original.apply(this, args);
    };
  };
  hook('writeHead');
  hook('write');
  hook('flushHeaders');
}

/** The time the request entered the chain, as wall-clock milliseconds. */
function receivedAt(startTime: number | undefined): number {
  return startTime !== undefined ? performance.timeOrigin + startTime : nowMs();
}

function setCode(ev: AuditEvent, code: number): void {
  ev.responseStatus = { ...(ev.responseStatus ?? { metadata: {} }), code };
}

export function withAudit(handler: Handler, pipeline: AuditPipeline | undefined): Handler {
  if (!pipeline) return handler;
  return async (req, res) => {
    const ctx = requestContext(req);
    const config = pipeline.evaluator(attributesFor(req));
    pipeline.metrics.policyLevel(config.level);
    if (config.level === 'None') return handler(req, res);
    const event = newEvent(req, ctx, config.level, receivedAt(ctx.startTime));
    const audit = startRequestAudit(req, { event, config, sink: pipeline.backend });

    let stored = emit(pipeline, event, config.omitStages, 'RequestReceived');
    if (typeof stored !== 'boolean') stored = await stored;
    if (!stored) {
      pipeline.metrics.requestRejected();
      writeText(res, 500, storeFailedText(req));
      return;
    }
    captureErrorStatus(req, res, audit);
    if (ctx.longRunning) {
      reportResponseStarted(res, (code) => {
        setCode(event, code);
        void emit(pipeline, event, config.omitStages, 'ResponseStarted');
      });
    }
    try {
      await handler(req, res);
    } catch (err) {
      if (!isStatusError(err)) {
        event.responseStatus = { metadata: {}, status: 'Failure', message: `APIServer panic'd: ${err instanceof Error ? err.message : String(err)}`, reason: 'InternalError', code: 500 };
        await emit(pipeline, event, config.omitStages, 'Panic');
        throw err;
      }
      // Written here rather than by panic recovery so the event carries it.
      writeStatus(req, res, err);
    }
    setCode(event, res.statusCode);
    await emit(pipeline, event, config.omitStages, 'ResponseComplete');
  };
}

/** Kubernetes' message for a failed authentication: which credentials were tried. */
function authMethods(req: Request): string {
  const methods: string[] = [];
  const auth = (typeof req.headers.authorization === 'string' ? req.headers.authorization : '').trim();
  const scheme = auth.split(' ')[0]?.toLowerCase();
  if (scheme === 'basic') methods.push('basic');
  if (scheme === 'bearer' && auth.split(' ').length > 1) methods.push('bearer');
  if (new URL(req.url ?? '/', 'https://localhost').searchParams.get('access_token')?.trim()) methods.push('access_token');
  const socket = req.socket as { getPeerCertificate?: () => { raw?: Buffer } };
  if (socket.getPeerCertificate?.()?.raw) methods.push('x509');
  return methods.length ? `Authentication failed, attempted: ${methods.join(', ')}` : 'Authentication failed, no credentials provided';
}

/** Wraps authentication: a request answered 401 before it had a user is audited as ResponseStarted. */
export function withFailedAuthenticationAudit(handler: Handler, pipeline: AuditPipeline | undefined): Handler {
  if (!pipeline) return handler;
  return async (req, res) => {
    await handler(req, res);
    const ctx = requestContext(req);
    if (res.statusCode !== 401 || ctx.user || requestAuditOf(req)) return;
    const config = pipeline.evaluator(attributesFor(req));
    pipeline.metrics.policyLevel(config.level);
    if (config.level === 'None') return;
    const event = newEvent(req, ctx, config.level, receivedAt(ctx.startTime));
    event.responseStatus = { metadata: {}, message: authMethods(req), code: 401 };
    await emit(pipeline, event, config.omitStages, 'ResponseStarted');
  };
}
