// Starting the agent's metrics API: who may call it (the request-header settings the API server
// publishes), what it reports (the running containers of the agent's nodes' pods), where it
// listens, and its registration with the aggregator in the background.
import { readFileSync } from 'node:fs';
import type { Clock } from '../client/clock/clock.ts';
import type { RestClient } from '../client/rest/client.ts';
import type { NodeAgentOptions } from '../options/components/nodeagent-command.ts';
import type { ServingMaterial } from './agent-server.ts';
import type { MetricsNode, MetricsSource } from './metrics-api.ts';
import { metricsAccess } from './metrics-auth.ts';
import { externalHost, registerMetricsAPI } from './metrics-registration.ts';
import { MetricsServer } from './metrics-server.ts';
import type { NodePods } from './node-pods.ts';

export interface RunningMetricsAPI {
  port: number;
  close(): Promise<void>;
}

export interface MetricsStartDeps {
  rest: RestClient;
  clock: Clock;
  serving: ServingMaterial;
  nodes(): Array<{ name: string; pods: NodePods }>;
  signal: AbortSignal;
}

/** What the agent's nodes run now: each pod with its running containers (sidecars included). */
export function metricsSource(nodes: MetricsStartDeps['nodes'], clock: Clock): MetricsSource {
  return {
    now: () => clock.now(),
    nodes: (): MetricsNode[] => nodes().map(({ name, pods }) => ({
      name,
      pods: pods.list().map((sim) => ({
        pod: sim.pod,
        runningContainers: [...sim.initContainers, ...sim.containers].filter((c) => c.state === 'running').map((c) => c.name),
      })),
    })),
  };
}

export async function startMetricsAPI(options: NodeAgentOptions, deps: MetricsStartDeps): Promise<RunningMetricsAPI> {
  const caBundlePem = options.metricsApiCAFile ? readFileSync(options.metricsApiCAFile, 'utf8') : '';
  const access = await metricsAccess(deps.rest);
  const server = new MetricsServer(metricsSource(deps.nodes, deps.clock), access, deps.serving);
  const port = await server.listen(options.address, options.metricsApiPort);
  let registered: Promise<void> = Promise.resolve();
  if (options.metricsApiService) {
    const [namespace, serviceName] = options.metricsApiService.split('/') as [string, string];
    registered = registerMetricsAPI(deps.rest, { namespace, serviceName, host: externalHost(options.address, options.nodeIP), port, caBundlePem }, deps.clock, deps.signal);
  }
  return {
    port,
    async close() {
      await registered.catch(() => undefined);
      await server.close();
    },
  };
}
