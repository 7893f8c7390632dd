// The node agent as a daemon: for each simulated node an HTTPS endpoint, a registration, a status
// and lease heartbeat and its pods' simulations; one pod informer for all of them (selected by
// spec.nodeName), one status writer and one Event broadcaster (with its own rate limit, as the node
// agent's --event-qps keeps Events apart from other requests). Runs until shutdown; the pods keep
// their status, and a later run resumes them.
import { readFileSync } from 'node:fs';
import type { Pod } from '../api/core/v1/pod-types.ts';
import { isAlreadyExists } from '../machinery/status.ts';
import { klog } from '../component-base/logs/klog.ts';
import { BINARY_GIT_VERSION } from '../component-base/version/version.ts';
import type { ListerWatcher } from '../client/cache/reflector.ts';
import { SharedInformer } from '../client/cache/shared-informer.ts';
import { realClock, sleep, type Clock } from '../client/clock/clock.ts';
import { loadConnectionConfig } from '../client/orchconfig/load.ts';
import { EventBroadcaster, newRecorder, restEventSink } from '../client/record/index.ts';
import { RestClient } from '../client/rest/client.ts';
import { ResourceClient } from '../client/rest/resource.ts';
import type { NodeAgentOptions } from '../options/components/nodeagent-command.ts';
import { AgentServer, type ServingMaterial } from './agent-server.ts';
import { ContainerLogs } from './container-logs.ts';
import { NODE_LEASE_NAMESPACE } from './node-lease.ts';
import { NodePods } from './node-pods.ts';
import { NodeReporter } from './node-reporter.ts';
import { PodEvents } from './pod-events.ts';
import { PodAddressPool, podCIDRFor } from './pod-ips.ts';
import { PodStatusWriter } from './pod-status-writer.ts';
import { startMetricsAPI, type RunningMetricsAPI } from './metrics-start.ts';

const log = klog('nodeagent/run');

/** Status writes in flight at once, for all nodes together. */
const STATUS_WRITERS = 32;
/** Events queued per node before more are dropped (the node agent's broadcaster keeps 1000). */
const EVENTS_QUEUED_PER_NODE = 1000;

export interface NodeAgentDeps {
  shutdown: AbortSignal;
  clock?: Clock;
  /** Told once every node is registered and the pods are followed. */
  onReady?(nodes: Array<{ name: string; port: number }>): void;
}

interface SimulatedNode {
  reporter: NodeReporter;
  pods: NodePods;
  server: AgentServer;
}

function readServing(options: NodeAgentOptions): ServingMaterial {
  const read = (flag: string, path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch (err) {
      throw new Error(`--${flag}: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  };
  return {
    certPem: read('tls-cert-file', options.tlsCertFile),
    keyPem: read('tls-private-key-file', options.tlsPrivateKeyFile),
    clientCAPem: read('client-ca-file', options.clientCAFile),
  };
}

/** Registers a node, trying again while the API server cannot be reached or refuses. */
async function registerUntilDone(node: SimulatedNode, signal: AbortSignal, clock: Clock): Promise<void> {
  for (let wait = 500; ; wait = Math.min(wait * 2, 10_000)) {
    try {
      const podCIDR = await node.reporter.register(signal);
      if (podCIDR !== node.pods.runtime.addresses.cidr) node.pods.runtime.addresses = new PodAddressPool(podCIDR);
      return;
    } catch (err) {
      if (signal.aborted) throw err;
      log.warning('Unable to register node; will retry', { node: node.reporter.name, err: (err as Error).message });
      await sleep(clock, wait, signal);
    }
  }
}

async function ensureLeaseNamespace(rest: RestClient, signal: AbortSignal): Promise<void> {
  try {
    await rest.request({ method: 'POST', path: '/api/v1/namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NODE_LEASE_NAMESPACE } }, signal });
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
  }
}

export async function runNodeAgent(options: NodeAgentOptions, deps: NodeAgentDeps): Promise<number> {
  const clock = deps.clock ?? realClock;
  const connection = loadConnectionConfig({ path: options.client.orchconfig, master: options.client.master });
  const userAgent = `orch-nodeagent/${BINARY_GIT_VERSION} (${process.platform}/${process.arch})`;
  const rest = new RestClient(connection, { qps: options.client.qps, burst: options.client.burst, contentType: options.client.contentType, userAgent, clock });
  const eventRest = new RestClient(connection, { qps: options.eventQps, burst: options.eventBurst, contentType: options.client.contentType, userAgent, clock });
  const broadcaster = new EventBroadcaster(restEventSink(eventRest), { clock, maxQueued: EVENTS_QUEUED_PER_NODE * Math.max(1, options.nodes) });
  const serving = readServing(options);
  const writer = new PodStatusWriter(rest, { clock, concurrency: STATUS_WRITERS });
  const logs = new ContainerLogs();
  const stop = new AbortController();
  const onShutdown = () => stop.abort();
  deps.shutdown.addEventListener('abort', onShutdown, { once: true });
  if (deps.shutdown.aborted) onShutdown();

  const nodes: SimulatedNode[] = [];
  const byName = new Map<string, SimulatedNode>();
  let informerDone: Promise<void> | undefined;
  let metricsAPI: RunningMetricsAPI | undefined;
  try {
    const last = options.firstNodeNumber + options.nodes - 1;
    for (let number = options.firstNodeNumber; number <= last; number++) {
      const name = `${options.nodeNamePrefix}${number}`;
      const podCIDR = podCIDRFor(number);
      const pods = new NodePods(
        {
          nodeName: name,
          nodeIP: options.nodeIP,
          clock,
          startMs: options.containerStartMs,
          runMs: options.containerRunMs,
          addresses: new PodAddressPool(podCIDR),
          images: new Set(),
          logs,
          events: new PodEvents(newRecorder(broadcaster, { reportingController: 'nodeagent', reportingInstance: name }, clock)),
          statusChanged: (sim) => writer.changed(sim),
        },
        writer,
      );
      const server = new AgentServer(pods, serving);
      const port = await server.listen(options.address, options.port === 0 ? 0 : options.port + number - options.firstNodeNumber);
      const reporter = new NodeReporter(rest, { name, number, podCIDR, nodeIP: options.nodeIP, port, capacity: { ...options.capacity, pods: String(options.maxPods) } }, {
        clock,
        statusUpdateMs: options.statusUpdateMs,
        statusReportMs: options.statusReportMs,
        leaseDurationSeconds: options.leaseDurationSeconds,
        removeNotReadyTaint: options.removeNotReadyTaint,
        events: newRecorder(broadcaster, { reportingController: 'nodeagent', reportingInstance: name }, clock),
      });
      const node = { reporter, pods, server };
      nodes.push(node);
      byName.set(name, node);
    }
    if (nodes.length === 0) log.info('No nodes to simulate (--nodes=0): idle until stopped');
    else {
      await ensureLeaseNamespace(rest, stop.signal).catch((err) => log.warning('Could not make sure the lease namespace exists', { namespace: NODE_LEASE_NAMESPACE, err: (err as Error).message }));
      // Registration in small batches: a hundred nodes at once would only queue at the client.
      for (let i = 0; i < nodes.length; i += 10) await Promise.all(nodes.slice(i, i + 10).map((n) => registerUntilDone(n, stop.signal, clock)));
      for (const node of nodes) node.reporter.start(stop.signal);
      const informer = podInformer(rest, nodes, clock);
      informer.addEventHandler({
        onAdd: (pod) => byName.get(pod.spec?.nodeName ?? '')?.pods.seen(pod),
        onUpdate: (_old, pod) => byName.get(pod.spec?.nodeName ?? '')?.pods.seen(pod),
        onDelete: (pod) => byName.get(pod.spec?.nodeName ?? '')?.pods.gone(pod),
      });
      informerDone = informer.run(stop.signal);
      await Promise.race([informer.waitForSync(), new Promise((resolve) => stop.signal.addEventListener('abort', resolve, { once: true }))]);
      if (!stop.signal.aborted && options.metricsApiPort >= 0) {
        metricsAPI = await startMetricsAPI(options, { rest, clock, serving, nodes: () => nodes.map((n) => ({ name: n.reporter.name, pods: n.pods })), signal: stop.signal });
      }
      if (!stop.signal.aborted) {
        const ready = nodes.map((n) => ({ name: n.reporter.name, port: n.reporter.config.port }));
        log.info('Simulated nodes are running their pods', { nodes: ready.length, first: ready[0]?.name, ports: `${ready[0]?.port}…${ready.at(-1)?.port}` });
        deps.onReady?.(ready);
      }
    }
    await new Promise((resolve) => (stop.signal.aborted ? resolve(undefined) : stop.signal.addEventListener('abort', resolve, { once: true })));
    return 0;
  } catch (err) {
    if (stop.signal.aborted) return 0;
    throw err;
  } finally {
    stop.abort();
    await informerDone?.catch(() => undefined);
    writer.close();
    for (const node of nodes) node.pods.disposeAll();
    await Promise.all(nodes.map((n) => n.server.close()));
    await metricsAPI?.close();
    await broadcaster.shutdown();
    rest.close();
    eventRest.close();
    deps.shutdown.removeEventListener('abort', onShutdown);
  }
}

/**
 * The pods bound to the simulated nodes: for a single node exactly its own, as a node agent
 * watches them; for several, every bound pod in one watch (rather than one watch per node), and
 * those on other nodes are passed over.
 */
function podInformer(rest: RestClient, nodes: SimulatedNode[], clock: Clock): SharedInformer<Pod> {
  const fieldSelector = nodes.length === 1 ? `spec.nodeName=${nodes[0]!.reporter.name}` : 'spec.nodeName!=';
  const pods = new ResourceClient<Pod>(rest, { group: '', version: 'v1', resource: 'pods' });
  const lw: ListerWatcher<Pod> = {
    list: (opts, signal) => pods.list({ ...opts, fieldSelector }, signal),
    watch: (opts, signal) => pods.watch({ ...opts, fieldSelector }, signal),
  };
  return new SharedInformer<Pod>(lw, { clock, name: `pods(${fieldSelector})` });
}
