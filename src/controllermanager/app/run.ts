// The controller manager as a daemon: options → secure serving → API client → leader election
// (or, with --leader-elect=false, straight on) → controllers while leading. Resolves with the exit
// code: 0 after a clean shutdown, 1 when leadership was lost.
import type { FlagValues } from '../../options/flag.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { createMetricsRegistry } from '../../component-base/metrics/registry.ts';
import { BINARY_GIT_VERSION } from '../../component-base/version/version.ts';
import type { HealthCheck } from '../../component-base/healthz/checks.ts';
import { realClock, type Clock } from '../../client/clock/clock.ts';
import { loadConnectionConfig } from '../../client/orchconfig/load.ts';
import { RestClient } from '../../client/rest/client.ts';
import { servesResource } from '../../client/rest/discovery.ts';
import { LeaderElector, defaultIdentity } from '../../client/leaderelection/elector.ts';
import { RestLeaseClient } from '../../client/leaderelection/lease.ts';
import { InformerFactory } from '../../client/cache/informer-factory.ts';
import { completeServing } from './serving-config.ts';
import { startSecureServing, type RunningSecureServer } from './secure-serving.ts';
import { controllerImplementations, enabledControllers } from './controllers.ts';
import type { ControllerDescriptor, ControllerRun } from '../controller.ts';
import { runControllers } from './controller-runner.ts';
import { ServiceAccountClientBuilder, withServiceAccountCredentials } from './service-account-credentials.ts';

const log = klog('controllermanager/run');

export interface ControllerManagerDeps {
  /** Aborting it begins a clean shutdown (the command wires SIGTERM and SIGINT to it). */
  shutdown: AbortSignal;
  clock?: Clock;
  identity?: string;
  implementations?: Readonly<Record<string, ControllerRun>>;
  onServing?(port: number): void;
}

const num = (values: FlagValues, name: string, fallback: number): number => (typeof values[name] === 'number' ? (values[name] as number) : fallback);
const str = (values: FlagValues, name: string): string => (typeof values[name] === 'string' ? (values[name] as string) : '');

export async function runControllerManager(values: FlagValues, deps: ControllerManagerDeps): Promise<number> {
  const clock = deps.clock ?? realClock;
  const healthChecks: HealthCheck[] = [];
  const metrics = createMetricsRegistry({
    disabledMetrics: Array.isArray(values['disabled-metrics']) ? (values['disabled-metrics'] as string[]) : [],
    allowMetricLabels: values['allow-metric-labels'] as Record<string, string> | undefined,
    allowMetricLabelsManifest: str(values, 'allow-metric-labels-manifest') || undefined,
    showHiddenMetricsForVersion: str(values, 'show-hidden-metrics-for-version') || undefined,
    binaryVersion: BINARY_GIT_VERSION,
  });
  const connection = loadConnectionConfig({ path: str(values, 'orchconfig'), master: str(values, 'master') });
  const rest = new RestClient(connection, {
    qps: num(values, 'orch-api-qps', 20),
    burst: num(values, 'orch-api-burst', 30),
    contentType: str(values, 'orch-api-content-type') || 'application/vnd.orch.protobuf',
    userAgent: `orch-controller-manager/${BINARY_GIT_VERSION} (${process.platform}/${process.arch})`,
    clock,
  });
  // --use-service-account-credentials: each controller writes as orch-system/<controller>.
  const credentials = values['use-service-account-credentials'] === true ? new ServiceAccountClientBuilder({ root: rest, connection, rest: rest.options, clock }) : undefined;
  const implementations = deps.implementations ?? controllerImplementations(values);

  let serving: RunningSecureServer | undefined;
  try {
    const servingConfig = await completeServing(values, `orch-controller-manager/${BINARY_GIT_VERSION}`);
    if (servingConfig) {
      serving = await startSecureServing(servingConfig, { metrics, healthChecks: () => healthChecks });
      deps.onServing?.(serving.port);
    } else {
      log.info('--secure-port is 0: HTTPS is not served');
    }

    const controllers = enabledControllers(Array.isArray(values['controllers']) ? (values['controllers'] as string[]) : ['*']);
    const served = new Map<string, boolean>();
    const servesResources = async (controller: ControllerDescriptor, signal: AbortSignal) => {
      for (const r of controller.requires) {
        const key = `${r.group}/${r.version}/${r.resource}`;
        if (!served.has(key)) served.set(key, await servesResource(rest, r, signal));
        if (!served.get(key)) return false;
      }
      return true;
    };
    const startControllers = (signal: AbortSignal) =>
      runControllers(signal, {
        controllers,
        implementations: credentials ? withServiceAccountCredentials(implementations, credentials) : implementations,
        servesResources,
        startIntervalMs: num(values, 'controller-start-interval', 0),
        shutdownTimeoutMs: num(values, 'controller-shutdown-timeout', 10_000),
        clock,
        shared: {
          client: rest,
          // A fresh set of informers per leadership term, so a new term starts from a fresh list.
          informers: new InformerFactory(rest, { clock, minResyncPeriodMs: num(values, 'min-resync-period', 12 * 3600_000) }),
        },
      });

    if (values['leader-elect'] === false) {
      log.info('Leader election is off: starting controllers now');
      await startControllers(deps.shutdown);
      return 0;
    }
    const elector = new LeaderElector({
      client: new RestLeaseClient(rest),
      namespace: str(values, 'leader-elect-resource-namespace') || 'orch-system',
      name: str(values, 'leader-elect-resource-name') || 'orch-controller-manager',
      identity: deps.identity ?? defaultIdentity(),
      leaseDurationMs: num(values, 'leader-elect-lease-duration', 15_000),
      renewDeadlineMs: num(values, 'leader-elect-renew-deadline', 10_000),
      retryPeriodMs: num(values, 'leader-elect-retry-period', 2_000),
      clock,
      releaseOnCancel: true,
      callbacks: {
        onStartedLeading: (signal) => {
          log.info('Started leading', { identity: elector.identity });
          return startControllers(signal);
        },
        onNewLeader: (identity) => {
          if (identity !== elector.identity) log.info('Another instance leads', { leader: identity });
        },
      },
    });
    healthChecks.push(elector.healthCheck());
    log.info('Leader election identity', { identity: elector.identity, lease: `${str(values, 'leader-elect-resource-namespace')}/${str(values, 'leader-elect-resource-name')}` });
    const lost = await elector.run(deps.shutdown);
    if (lost) {
      log.error('leaderelection lost');
      return 1;
    }
    return 0;
  } finally {
    serving?.beginShutdown();
    await serving?.close();
    credentials?.close();
    rest.close();
  }
}
