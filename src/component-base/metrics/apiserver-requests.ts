// The request metrics of the API server: apiserver_request_total,
// apiserver_request_duration_seconds and apiserver_current_inflight_requests, labelled as
// Kubernetes labels them.
import { Counter, Gauge, Histogram } from 'prom-client';
import type { RequestInfo } from '../../apiserver/server/request-context.ts';
import type { MetricsRegistry } from './registry.ts';

const DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
/** Label combinations whose constrained label sets are kept for reuse. */
const MAX_CACHED_LABEL_SETS = 4096;
const LABELS = ['verb', 'dry_run', 'group', 'version', 'resource', 'subresource', 'scope', 'component'] as const;

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
  const registers = [metrics.registry];
  const total = new Counter({
    name: 'apiserver_request_total',
    help: 'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
    labelNames: [...LABELS, 'code'],
    registers,
  });
  const duration = new Histogram({
    name: 'apiserver_request_duration_seconds',
    help: 'Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
    labelNames: [...LABELS],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const inflight = new Gauge({
    name: 'apiserver_current_inflight_requests',
    help: 'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
    labelNames: ['request_kind'],
    registers,
  });
  const label = (metric: string, name: string, value: string) => metrics.label(metric, name, value);
  const constrain = (metric: string, labels: Record<string, string>) =>
    Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, label(metric, k, v)]));
  // The allow list is fixed at start-up, so the constrained label sets of one combination of
  // raw values are built once and reused; the cache is bounded like any per-label state.
  const labelSets = new Map<string, { total: Record<string, string>; duration: Record<string, string> }>();
  const labelSetsFor = (verb: string, o: RequestObservation) => {
    const group = o.info?.apiGroup ?? '';
    const version = o.info?.apiVersion ?? '';
    const resource = o.info?.resource ?? '';
    const subresource = o.info?.subresource ?? '';
    const sc = scope(o.info);
    const key = `${verb}\0${o.dryRun ? 1 : 0}\0${group}\0${version}\0${resource}\0${subresource}\0${sc}\0${o.code}`;
    let sets = labelSets.get(key);
    if (!sets) {
      const base = { verb, dry_run: o.dryRun ? 'All' : '', group, version, resource, subresource, scope: sc, component: 'apiserver' };
      sets = {
        total: constrain('apiserver_request_total', { ...base, code: String(o.code) }),
        duration: constrain('apiserver_request_duration_seconds', base),
      };
      if (labelSets.size >= MAX_CACHED_LABEL_SETS) labelSets.clear();
      labelSets.set(key, sets);
    }
    return sets;
  };
  return {
    observe(o) {
      const sets = labelSetsFor(reportedVerb(o.method, o.info, o.contentType), o);
      total.inc(sets.total);
      duration.observe(sets.duration, o.seconds);
    },
    setInflight(kind, count) {
      inflight.set({ request_kind: label('apiserver_current_inflight_requests', 'request_kind', kind) }, count);
    },
  };
}
