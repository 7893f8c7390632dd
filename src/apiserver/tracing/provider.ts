// The tracer of a configured server: spans are batched and exported over OTLP gRPC to the
// configured endpoint, without TLS, as Kubernetes' exporter sends them. Sampling is parent based:
// a request whose trusted parent was sampled is sampled; a new trace is sampled at
// samplingRatePerMillion. The resource names the service "apiserver" and this instance by host.
import { hostname } from 'node:os';
import { credentials } from '@grpc/grpc-js';
import type { Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider } from '@opentelemetry/sdk-trace';
import type { TracingConfig } from './config.ts';
import type { Handler } from '../../component-base/serving/request-context.ts';
import { withTracing } from './with-tracing.ts';

export interface RequestTracing {
  tracer: Tracer;
  /**
   * The filter that gives each request its span (with-tracing.ts). It comes with the tracer so that
   * the handler chain loads OpenTelemetry only when the server traces.
   */
  traceRequests(handler: Handler): Handler;
  /** Exports what is buffered and stops; the server calls it as it shuts down. */
  shutdown(): Promise<void>;
}

export interface TracingProviderOptions {
  /** How long spans wait in the batch before export (the SDK's 5 s by default; tests shorten it). */
  exportDelayMs?: number;
  /** service.instance.id; the host name by default. */
  instanceId?: string;
}

/** The exporter's URL for a gRPC target as Kubernetes' configuration names it. */
export function exporterUrl(endpoint: string): string {
  if (endpoint.startsWith('unix:') || endpoint.startsWith('unix-abstract:')) return endpoint;
  // dns://[authority]/host:port names the address after the authority.
  const target = endpoint.startsWith('dns:') ? endpoint.replace(/^dns:(\/\/[^/]*\/)?/, '') : endpoint;
  return `http://${target}`;
}

export function createRequestTracing(config: TracingConfig, opts: TracingProviderOptions = {}): RequestTracing {
  const exporter = new OTLPTraceExporter({ url: exporterUrl(config.endpoint), credentials: credentials.createInsecure() });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'apiserver', 'service.instance.id': opts.instanceId ?? hostname() }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.samplingRatePerMillion / 1_000_000) }),
    spanProcessors: [new BatchSpanProcessor({ exporter, ...(opts.exportDelayMs ? { scheduledDelayMillis: opts.exportDelayMs } : {}) })],
  });
  const tracing: RequestTracing = {
    tracer: provider.getTracer('orch-apiserver'),
    traceRequests: (handler) => withTracing(handler, { tracing }),
    shutdown: () => provider.shutdown(),
  };
  return tracing;
}
