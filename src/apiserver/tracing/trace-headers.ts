// The trace context headers of the request being served, kept for the asynchronous work the
// request starts (admission webhooks, conversion webhooks), so their calls carry its W3C trace
// context. Only a traced request sets them (propagation.ts), so this module does not load
// OpenTelemetry: a server without --tracing-config-file never does.
import { AsyncLocalStorage } from 'node:async_hooks';

const activeTraceHeaders = new AsyncLocalStorage<() => Record<string, string>>();

/** Runs fn with `headers` answering outgoingTraceHeaders() for the work it starts. */
export function runWithTraceHeaders<T>(headers: () => Record<string, string>, fn: () => T): T {
  return activeTraceHeaders.run(headers, fn);
}

/** traceparent (and tracestate) of the current request's span; empty outside a traced request. */
export function outgoingTraceHeaders(): Record<string, string> {
  return activeTraceHeaders.getStore()?.() ?? {};
}
