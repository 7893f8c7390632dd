// The resource metrics API as metrics-server serves it (metrics.k8s.io/v1beta1: the group keeps
// its Kubernetes name, as `kubectl top` and autoscalers call it so): discovery, NodeMetrics of the
// agent's nodes and PodMetrics of their running pods, each listed (pods across namespaces or in
// one, with a label selector) or read by name. Usage comes from metrics-usage.ts; a pod is listed
// once one of its containers runs, with the running containers. Answers are plain data here;
// metrics-server.ts carries them over HTTPS.
import type { Pod } from '../api/core/v1/pod-types.ts';
import { parseLabelSelector, type LabelSelector } from '../machinery/selectors/labels.ts';
import { containerUsage, NODE_BASE_USAGE, totalUsage, type Usage } from './metrics-usage.ts';

export const METRICS_GROUP = 'metrics.k8s.io';
export const METRICS_VERSION = 'v1beta1';
const GV = `${METRICS_GROUP}/${METRICS_VERSION}`;
/** The window a sample is said to average over, as metrics-server reports its scrape interval. */
export const METRICS_WINDOW = '10s';

export interface MetricsNode {
  name: string;
  pods: Array<{ pod: Pod; runningContainers: string[] }>;
}

export interface MetricsSource {
  nodes(): MetricsNode[];
  now(): number;
}

export interface MetricsAnswer {
  status: number;
  body: unknown;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function notFound(kind: 'nodes' | 'pods', name: string): MetricsAnswer {
  const resource = kind === 'nodes' ? 'nodemetrics' : 'podmetrics';
  const message = `${resource}.${METRICS_GROUP} "${name}" not found`;
  return { status: 404, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'NotFound', details: { name, group: METRICS_GROUP, kind: resource }, code: 404 } };
}

function badRequest(message: string): MetricsAnswer {
  return { status: 400, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'BadRequest', code: 400 } };
}

function podMetrics(pod: Pod, containers: string[], now: number) {
  return {
    kind: 'PodMetrics',
    apiVersion: GV,
    metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace, creationTimestamp: iso(now), ...(pod.metadata.labels ? { labels: pod.metadata.labels } : {}) },
    timestamp: iso(now),
    window: METRICS_WINDOW,
    containers: containers.map((name) => ({ name, usage: containerUsage(pod, name) })),
  };
}

function nodeMetrics(node: MetricsNode, now: number) {
  const usages: Usage[] = node.pods.flatMap(({ pod, runningContainers }) => runningContainers.map((c) => containerUsage(pod, c)));
  return {
    kind: 'NodeMetrics',
    apiVersion: GV,
    metadata: { name: node.name, creationTimestamp: iso(now) },
    timestamp: iso(now),
    window: METRICS_WINDOW,
    usage: totalUsage(usages, NODE_BASE_USAGE),
  };
}

const list = (kind: string, items: unknown[]) => ({ kind, apiVersion: GV, metadata: {}, items });

export const DISCOVERY = {
  groupList: { kind: 'APIGroupList', apiVersion: 'v1', groups: [{ name: METRICS_GROUP, versions: [{ groupVersion: GV, version: METRICS_VERSION }], preferredVersion: { groupVersion: GV, version: METRICS_VERSION } }] },
  group: { kind: 'APIGroup', apiVersion: 'v1', name: METRICS_GROUP, versions: [{ groupVersion: GV, version: METRICS_VERSION }], preferredVersion: { groupVersion: GV, version: METRICS_VERSION } },
  resources: {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: GV,
    resources: [
      { name: 'nodes', singularName: '', namespaced: false, kind: 'NodeMetrics', verbs: ['get', 'list'] },
      { name: 'pods', singularName: '', namespaced: true, kind: 'PodMetrics', verbs: ['get', 'list'] },
    ],
  },
};

export interface MetricsRequest {
  resource: 'nodes' | 'pods';
  /** '' : every namespace (pods) or none (nodes). */
  namespace: string;
  /** '' : a list. */
  name: string;
}

/** The metrics request a path names, or undefined when it names none. */
export function metricsRequest(path: string): MetricsRequest | undefined {
  const prefix = `/apis/${GV}/`;
  if (!path.startsWith(prefix)) return undefined;
  const parts = path.slice(prefix.length).split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'nodes' && parts.length <= 2) return { resource: 'nodes', namespace: '', name: parts[1] ?? '' };
  if (parts[0] === 'pods' && parts.length === 1) return { resource: 'pods', namespace: '', name: '' };
  if (parts[0] === 'namespaces' && parts[2] === 'pods' && parts.length >= 3 && parts.length <= 4) return { resource: 'pods', namespace: parts[1]!, name: parts[3] ?? '' };
  return undefined;
}

/** Answers a metrics request from the source. */
export function answerMetrics(source: MetricsSource, request: MetricsRequest, labelSelector: string): MetricsAnswer {
  let selector: LabelSelector;
  try {
    selector = parseLabelSelector(labelSelector);
  } catch (err) {
    return badRequest((err as Error).message);
  }
  const now = source.now();
  const nodes = source.nodes();
  if (request.resource === 'nodes') {
    if (request.name) {
      const node = nodes.find((n) => n.name === request.name);
      return node ? { status: 200, body: nodeMetrics(node, now) } : notFound('nodes', request.name);
    }
    return { status: 200, body: list('NodeMetricsList', nodes.map((n) => nodeMetrics(n, now))) };
  }
  const pods = nodes.flatMap((n) => n.pods).filter(({ pod, runningContainers }) =>
    runningContainers.length > 0 && (!request.namespace || pod.metadata.namespace === request.namespace));
  if (request.name) {
    const found = pods.find(({ pod }) => pod.metadata.name === request.name);
    return found ? { status: 200, body: podMetrics(found.pod, found.runningContainers, now) } : notFound('pods', request.name);
  }
  const selected = pods.filter(({ pod }) => selector.matches(pod.metadata.labels));
  selected.sort((a, b) => `${a.pod.metadata.namespace}/${a.pod.metadata.name}`.localeCompare(`${b.pod.metadata.namespace}/${b.pod.metadata.name}`));
  return { status: 200, body: list('PodMetricsList', selected.map(({ pod, runningContainers }) => podMetrics(pod, runningContainers, now))) };
}
