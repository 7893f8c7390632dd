// W3C trace context in and out of a traced request: the incoming traceparent (and tracestate)
// header's context, and the span of the request being served as the headers of the calls it makes
// (trace-headers.ts). Loaded with the tracing filter, only when the server traces.
import { ROOT_CONTEXT, trace, type Span, type TextMapGetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { runWithTraceHeaders } from './trace-headers.ts';

export { outgoingTraceHeaders } from './trace-headers.ts';

const propagator = new W3CTraceContextPropagator();

/** Runs fn with `span` as the request's span: the calls it makes carry the span's trace context. */
export function runInSpan<T>(span: Span, fn: () => T): T {
  return runWithTraceHeaders(() => {
    const headers: Record<string, string> = {};
    propagator.inject(trace.setSpan(ROOT_CONTEXT, span), headers, { set: (carrier, key, value) => (carrier[key] = value) });
    return headers;
  }, fn);
}

const headerGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key.toLowerCase()],
};

/** The context an incoming request's traceparent (and tracestate) header names; ROOT_CONTEXT without one. */
export function incomingTraceContext(headers: Record<string, string | string[] | undefined>) {
  return propagator.extract(ROOT_CONTEXT, headers, headerGetter);
}
