// The span of the request being served, kept for the asynchronous work the request starts
// (admission webhooks, conversion webhooks), so their calls carry its W3C trace context in a
// traceparent header. Without tracing there is no span and nothing is added.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ROOT_CONTEXT, trace, type Span, type TextMapGetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

const propagator = new W3CTraceContextPropagator();
const activeSpans = new AsyncLocalStorage<Span>();

/** Runs fn with `span` as the request's span. */
export function runInSpan<T>(span: Span, fn: () => T): T {
  return activeSpans.run(span, fn);
}

/** traceparent (and tracestate) of the current request's span; empty outside a traced request. */
export function outgoingTraceHeaders(): Record<string, string> {
  const span = activeSpans.getStore();
  const headers: Record<string, string> = {};
  if (span) propagator.inject(trace.setSpan(ROOT_CONTEXT, span), headers, { set: (carrier, key, value) => (carrier[key] = value) });
  return headers;
}

const headerGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key.toLowerCase()],
};

/** The context an incoming request's traceparent (and tracestate) header names; ROOT_CONTEXT without one. */
export function incomingTraceContext(headers: Record<string, string | string[] | undefined>) {
  return propagator.extract(ROOT_CONTEXT, headers, headerGetter);
}
