// The request metrics of the API server: apiserver_request_total,
// apiserver_request_duration_seconds and apiserver_current_inflight_requests, labelled as
// Kubernetes labels them.
import { Gauge } from 'prom-client';
import { CounterVec, HistogramVec, type ValueSeries, type HistogramSeries } from '../../component-base/metrics/vectors.ts';
import type { RequestInfo } from '../../component-base/serving/request-context.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';

const DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
/** Label combinations whose series are kept for reuse. */
const MAX_CACHED_LABEL_SETS = 4096;

export interface RequestObservation {
  method: string;
  info: RequestInfo | undefined;
  contentType: string | undefined;
  dryRun: boolean;
  code: number;
  seconds: number;
}

export interface RequestMetrics {
  observe(o: RequestObservation): void;
  setInflight(kind: 'readOnly' | 'mutating', count: number): void;
}

/** The verb as Kubernetes reports it: LIST, WATCH, APPLY, else the HTTP method. */
export function reportedVerb(method: string, info: RequestInfo | undefined, contentType: string | undefined): string {
  const m = method.toUpperCase();
  if (info?.isResourceRequest) {
    if (info.verb === 'watch') return 'WATCH';
    if (info.verb === 'list') return 'LIST';
    if (m === 'PATCH' && contentType?.split(';')[0]?.trim() === 'application/apply-patch+yaml') return 'APPLY';
  }
  return m;
}

function scope(info: RequestInfo | undefined): string {
  if (!info?.isResourceRequest) return '';
  if (info.namespace) return 'namespace';
  if (info.name) return 'resource';
  return 'cluster';
}

export function createRequestMetrics(metrics: MetricsRegistry): RequestMetrics {
  const registry = metrics.registry;
  const total = new CounterVec({
    name: 'apiserver_request_total',
    help: 'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
    registry,
  });
  const duration = new HistogramVec({
    name: 'apiserver_request_duration_seconds',
    help: 'Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
    buckets: DURATION_BUCKETS,
    registry,
  });
  // The counts change twice per request; the gauge reads them when scraped.
  const inflightNow = new Map<'readOnly' | 'mutating', number>();
  new Gauge({
    name: 'apiserver_current_inflight_requests',
    help: 'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
    labelNames: ['request_kind'],
    registers: [registry],
    collect() {
      for (const [kind, count] of inflightNow) this.set({ request_kind: label('apiserver_current_inflight_requests', 'request_kind', kind) }, count);
    },
  });
  const label = (metric: string, name: string, value: string) => metrics.label(metric, name, value);
  const constrain = (metric: string, labels: Record<string, string>) =>
    Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, label(metric, k, v)]));
  // The allow list is fixed at start-up, so the series of one combination of raw label values is
  // looked up once and kept; the cache is bounded like any per-label state.
  const seriesByKey = new Map<string, { total: ValueSeries; duration: HistogramSeries }>();
  const seriesFor = (verb: string, o: RequestObservation) => {
    const group = o.info?.apiGroup ?? '';
    const version = o.info?.apiVersion ?? '';
    const resource = o.info?.resource ?? '';
    const subresource = o.info?.subresource ?? '';
    const sc = scope(o.info);
    const key = `${verb}\0${o.dryRun ? 1 : 0}\0${group}\0${version}\0${resource}\0${subresource}\0${sc}\0${o.code}`;
    let series = seriesByKey.get(key);
    if (!series) {
      const base = { verb, dry_run: o.dryRun ? 'All' : '', group, version, resource, subresource, scope: sc, component: 'apiserver' };
      series = {
        total: total.series(constrain('apiserver_request_total', { ...base, code: String(o.code) })),
        duration: duration.series(constrain('apiserver_request_duration_seconds', base)),
      };
      if (seriesByKey.size >= MAX_CACHED_LABEL_SETS) seriesByKey.clear();
      seriesByKey.set(key, series);
    }
    return series;
  };
  return {
    observe(o) {
      const series = seriesFor(reportedVerb(o.method, o.info, o.contentType), o);
      series.total.value++;
      duration.observe(series.duration, o.seconds);
    },
    setInflight(kind, count) {
      inflightNow.set(kind, count);
    },
  };
}
