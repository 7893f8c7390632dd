// The resource metrics an autoscaler reads: PodMetrics of metrics.k8s.io/v1beta1 (the group keeps
// its Kubernetes name: clients and `kubectl top` call it so), listed through the API server for
// the pods a selector picks, and summed per pod over its containers (or taken from one container)
// in milli-units, as Kubernetes' resource metrics client reads them. A pod whose containers do not
// all report the resource has no sample.
import type { RestClient } from '../../../client/rest/client.ts';
import { parseGoDuration } from '../../../machinery/cron/go-duration.ts';
import type { PodMetric, PodMetrics } from './replica-calculator.ts';
import { milliValue } from './quantities.ts';

export const METRICS_GROUP_VERSION = 'metrics.k8s.io/v1beta1';

export interface ContainerMetricsItem {
  name: string;
  usage: Record<string, string>;
}

export interface PodMetricsItem {
  metadata: { name?: string; namespace?: string };
  timestamp: string;
  window: string;
  containers: ContainerMetricsItem[];
}

export interface ResourceMetricsAnswer {
  metrics: PodMetrics;
  /** The first sample's time (ms), as Kubernetes reports it. */
  timestamp: number;
}

export interface ResourceMetricsClient {
  podMetrics(resource: string, namespace: string, selector: string, container: string, signal?: AbortSignal): Promise<ResourceMetricsAnswer>;
}

/** Per-pod samples of the items; exported for tests of the summing rules. */
export function podMetricsFrom(items: readonly PodMetricsItem[], resource: string, container: string): ResourceMetricsAnswer {
  if (items.length === 0) throw new Error('no metrics returned from resource metrics API');
  const metrics: PodMetrics = new Map();
  for (const item of items) {
    const window = parseGoDuration(item.window ?? '');
    const base = { timestamp: Date.parse(item.timestamp), windowMs: typeof window === 'number' ? window : 0 };
    let sample: PodMetric | undefined;
    if (container) {
      const usage = item.containers.find((c) => c.name === container)?.usage[resource];
      if (usage !== undefined) sample = { ...base, value: milliValue(usage) };
    } else if (item.containers.length > 0 && item.containers.every((c) => c.usage[resource] !== undefined)) {
      sample = { ...base, value: item.containers.reduce((sum, c) => sum + milliValue(c.usage[resource]!), 0) };
    }
    if (sample) metrics.set(item.metadata.name ?? '', sample);
  }
  return { metrics, timestamp: Date.parse(items[0]!.timestamp) };
}

export function restResourceMetricsClient(client: RestClient): ResourceMetricsClient {
  return {
    async podMetrics(resource, namespace, selector, container, signal) {
      const list = await client.request<{ items?: PodMetricsItem[] }>({
        path: `/apis/${METRICS_GROUP_VERSION}/namespaces/${encodeURIComponent(namespace)}/pods`,
        query: { labelSelector: selector },
        signal,
        contentType: 'application/json',
      });
      return podMetricsFrom(list.items ?? [], resource, container);
    },
  };
}
