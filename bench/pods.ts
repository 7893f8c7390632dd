// Pods API benchmark over HTTPS against bin/orch-apiserver started as `orch up` starts it: create
// throughput of a realistic pod (about 4 KB of JSON as a workload controller writes it: owner,
// labels, two containers with env, ports, probes, resources and mounts, volumes, tolerations and
// affinity), a 10,000-pod list, gets of one pod by name, and the server's RSS after 100,000 pods.
import { Agent } from 'node:https';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CONNECTIONS, createMany, getLatencyWhileCreating, getRate, percentile, rssMiB, send, startApiserverWith, useH2load } from './api-load.ts';

const NAMESPACE = 'bench-pods';
const LIST_NAMESPACE = 'bench-pod-list';
const TOTAL_PODS = 100_000;
const CREATE_RUNS = 3;
const CREATES_PER_RUN = 10_000;
const LIST_SIZE = 10_000;
const GET_RUNS = 3;
const GETS_PER_RUN = 10_000;
const LATENCY_SECONDS = 10;

const podsPath = (namespace: string) => `/api/v1/namespaces/${namespace}/pods`;

function container(name: string, image: string, port: number): Record<string, unknown> {
  return {
    name,
    image,
    args: ['--port', String(port), '--log-level=info', '--metrics-addr=:9090'],
    ports: [{ name: 'http', containerPort: port, protocol: 'TCP' }, { name: 'metrics', containerPort: 9090, protocol: 'TCP' }],
    env: [
      { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
      { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
      { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'web-db', key: 'url' } } },
      { name: 'FEATURE_FLAGS', value: 'checkout-v2,search-suggest,new-header' },
    ],
    envFrom: [{ configMapRef: { name: 'web-config' } }],
    resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: '1', memory: '512Mi' } },
    volumeMounts: [
      { name: 'config', mountPath: '/etc/web', readOnly: true },
      { name: 'cache', mountPath: '/var/cache/web' },
    ],
    livenessProbe: { httpGet: { path: '/healthz', port: 'http' }, initialDelaySeconds: 10, periodSeconds: 10, timeoutSeconds: 2, failureThreshold: 3 },
    readinessProbe: { httpGet: { path: '/ready', port: 'http' }, periodSeconds: 5, timeoutSeconds: 2 },
    securityContext: { runAsNonRoot: true, runAsUser: 10001, allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
    imagePullPolicy: 'IfNotPresent',
  };
}

/** A pod as a ReplicaSet writes it, named by the server (generateName). */
export function podBody(namespace: string): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: 'web-7d4b9c8f6d-',
      namespace,
      labels: { app: 'web', tier: 'frontend', 'pod-template-hash': '7d4b9c8f6d', 'app.orch.io/version': '2.14.3' },
      annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9090', 'checksum/config': 'a3f5c2e9d8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d4b9c8f6d', uid: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      containers: [container('web', 'registry.example.com/shop/web:2.14.3', 8080), container('sidecar', 'registry.example.com/platform/envoy:1.31.2', 15001)],
      volumes: [
        { name: 'config', configMap: { name: 'web-config', items: [{ key: 'web.yaml', path: 'web.yaml' }] } },
        { name: 'cache', emptyDir: { sizeLimit: '1Gi' } },
      ],
      serviceAccountName: 'web',
      nodeSelector: { 'orch.io/os': 'linux' },
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' }],
      affinity: {
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'orch.io/hostname' } },
          ],
        },
      },
      terminationGracePeriodSeconds: 30,
    },
  });
}

export async function benchPods(): Promise<Record<string, number | string>> {
  const { child, target, stop } = await startApiserverWith([NAMESPACE, LIST_NAMESPACE]);
  const agent = new Agent({ keepAlive: true, maxSockets: 8, ca: target.ca });
  const body = podBody(NAMESPACE);
  try {
    const rssAtStart = rssMiB(child.pid!);
    // The ServiceAccount admission plugin wants the pods' accounts; no controller manager runs here.
    for (const namespace of [NAMESPACE, LIST_NAMESPACE]) {
      for (const name of ['default', 'web']) {
        const r = await send(target, agent, 'POST', `/api/v1/namespaces/${namespace}/serviceaccounts`, JSON.stringify({ metadata: { name } }));
        if (r.status !== 201) throw new Error(`service account ${namespace}/${name}: ${r.status} ${r.body.slice(0, 200)}`);
      }
    }
    // Warm the server as the events part does: V8 optimises the request path after tens of thousands.
    await createMany(target, podsPath(NAMESPACE), body, CREATES_PER_RUN);
    const rates: number[] = [];
    for (let i = 0; i < CREATE_RUNS; i++) rates.push(await createMany(target, podsPath(NAMESPACE), body, CREATES_PER_RUN));
    await createMany(target, podsPath(LIST_NAMESPACE), podBody(LIST_NAMESPACE), LIST_SIZE);
    const listTimes: number[] = [];
    let someName = '';
    let storedBytes = 0;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const r = await send(target, agent, 'GET', podsPath(LIST_NAMESPACE));
      listTimes.push(performance.now() - start);
      if (r.status !== 200) throw new Error(`list: ${r.status} ${r.body.slice(0, 200)}`);
      const items = (JSON.parse(r.body) as { items: { metadata: { name: string } }[] }).items;
      if (items.length !== LIST_SIZE) throw new Error(`list: ${items.length} pods, expected ${LIST_SIZE}`);
      someName = items[LIST_SIZE / 2]!.metadata.name;
      storedBytes = Buffer.byteLength(JSON.stringify(items[0]));
    }
    const getsPerSecond = useH2load ? await getRate(target, `${podsPath(LIST_NAMESPACE)}/${someName}`, GET_RUNS, GETS_PER_RUN) : 'h2load is not installed';
    const made = CREATES_PER_RUN * (CREATE_RUNS + 1) + LIST_SIZE;
    await createMany(target, podsPath(NAMESPACE), body, TOTAL_PODS - made);
    const rss = rssMiB(child.pid!);
    const latency = useH2load ? await getLatencyWhileCreating(target, `${podsPath(LIST_NAMESPACE)}/${someName}`, podsPath(NAMESPACE), body, LATENCY_SECONDS) : undefined;
    return {
      [`pod creates/s, ${CONNECTIONS} HTTP/2 connections, median of ${CREATE_RUNS} × ${CREATES_PER_RUN.toLocaleString('en-US')} (creates/s)`]: Math.round(percentile(rates, 50)),
      'each pod create run (creates/s)': rates.map((r) => Math.round(r).toLocaleString('en-US')).join(' / '),
      'JSON of one pod as served (bytes)': storedBytes,
      'list of 10,000 pods, median (ms)': Math.round(percentile(listTimes, 50)),
      [`gets of one pod by name/s, median of ${GET_RUNS} × ${GETS_PER_RUN.toLocaleString('en-US')} (gets/s)`]: getsPerSecond,
      'server RSS at start (MiB)': rssAtStart,
      'server RSS after 100,000 pods (MiB, target <= 900)': rss,
      'RSS growth per pod stored (bytes)': Math.round(((rss - rssAtStart) * 2 ** 20) / TOTAL_PODS),
      'get of one pod, p50, 16 connections while 2,000 creates/s run (ms)': latency ? Number(latency.p50.toFixed(1)) : 'h2load is not installed',
      'get of one pod, p99, 16 connections while 2,000 creates/s run (ms, target <= 25)': latency ? Number(latency.p99.toFixed(1)) : 'h2load is not installed',
    };
  } finally {
    agent.destroy();
    await stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void benchPods().then((r) => console.log(r));
