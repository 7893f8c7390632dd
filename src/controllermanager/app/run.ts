// The controller manager as a daemon: options → secure serving → API client → leader election
// (or, with --leader-elect=false, straight on) → controllers while leading. Resolves with the exit
// code: 0 after a clean shutdown, 1 when leadership was lost.
import type { ControllerManagerOptions } from '../../options/controllermanager-options.ts';
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
import { loadLeaderMigrationConfig } from '../leadermigration/config.ts';
import { partitionControllers } from '../leadermigration/partition.ts';

const log = klog('controllermanager/run');

export interface ControllerManagerDeps {
  /** Aborting it begins a clean shutdown (the command wires SIGTERM and SIGINT to it). */
  shutdown: AbortSignal;
  clock?: Clock;
  identity?: string;
  implementations?: Readonly<Record<string, ControllerRun>>;
  onServing?(port: number): void;
}

export async function runControllerManager(options: ControllerManagerOptions, deps: ControllerManagerDeps): Promise<number> {
  const clock = deps.clock ?? realClock;
  const healthChecks: HealthCheck[] = [];
  const metrics = createMetricsRegistry({
    disabledMetrics: options.metrics.disabledMetrics,
    allowMetricLabels: options.metrics.allowMetricLabels,
    allowMetricLabelsManifest: options.metrics.allowMetricLabelsManifest || undefined,
    showHiddenMetricsForVersion: options.metrics.showHiddenMetricsForVersion || undefined,
    binaryVersion: BINARY_GIT_VERSION,
  });
  const clientOptions = options.client;
  const connection = loadConnectionConfig({ path: clientOptions.orchconfig, master: clientOptions.master });
  const rest = new RestClient(connection, {
    qps: clientOptions.qps,
    burst: clientOptions.burst,
    contentType: clientOptions.contentType,
    userAgent: `orch-controller-manager/${BINARY_GIT_VERSION} (${process.platform}/${process.arch})`,
    clock,
  });
  // --use-service-account-credentials: each controller writes as orch-system/<controller>.
  const selection = options.controllerSelection;
  const credentials = selection.useServiceAccountCredentials ? new ServiceAccountClientBuilder({ root: rest, connection, rest: rest.options, clock }) : undefined;
  const implementations = deps.implementations ?? controllerImplementations(options);

  let serving: RunningSecureServer | undefined;
  try {
    const servingConfig = await completeServing(options, `orch-controller-manager/${BINARY_GIT_VERSION}`);
    if (servingConfig) {
      serving = await startSecureServing(servingConfig, { metrics, healthChecks: () => healthChecks });
      deps.onServing?.(serving.port);
    } else {
      log.info('--secure-port is 0: HTTPS is not served');
    }

    const election = options.leaderElection;
    // --enable-leader-migration (with leader election): the controllers the configuration gives
    // this component run under its lease, taken once the main lease is held; those it gives
    // another component do not run here.
    const migrationConfig = election.leaderElect && election.enableLeaderMigration ? loadLeaderMigrationConfig(election.leaderMigrationConfig) : undefined;
    const migration = migrationConfig && partitionControllers(enabledControllers(selection.controllers), migrationConfig);
    const migrationLease = migrationConfig?.leaderName ?? '';
    const controllers = migration?.main ?? enabledControllers(selection.controllers);
    const served = new Map<string, boolean>();
    const servesResources = async (controller: ControllerDescriptor, signal: AbortSignal) => {
      for (const r of controller.requires) {
        const key = `${r.group}/${r.version}/${r.resource}`;
        if (!served.has(key)) served.set(key, await servesResource(rest, r, signal));
        if (!served.get(key)) return false;
      }
      return true;
    };
    const startControllers = (signal: AbortSignal, chosen = controllers) =>
      runControllers(signal, {
        controllers: chosen,
        implementations: credentials ? withServiceAccountCredentials(implementations, credentials) : implementations,
        servesResources,
        startIntervalMs: selection.startIntervalMs,
        shutdownTimeoutMs: selection.shutdownTimeoutMs,
        clock,
        shared: {
          client: rest,
          // A fresh set of informers per leadership term, so a new term starts from a fresh list.
          informers: new InformerFactory(rest, { clock, minResyncPeriodMs: clientOptions.minResyncPeriodMs }),
        },
      });

    if (!election.leaderElect) {
      log.info('Leader election is off: starting controllers now');
      await startControllers(deps.shutdown);
      return 0;
    }
    const identity = deps.identity ?? defaultIdentity();
    const migrationRun = new AbortController();
    const migrationFailed = new AbortController();
    let migrationLost: Promise<boolean> | undefined;
    /** An elector for the lease `name` in the election's namespace, with the election's timings. */
    const electorFor = (name: string, callbacks: ConstructorParameters<typeof LeaderElector>[0]['callbacks']) =>
      new LeaderElector({
        client: new RestLeaseClient(rest),
        namespace: election.resourceNamespace,
        name,
        identity,
        leaseDurationMs: election.leaseDurationMs,
        renewDeadlineMs: election.renewDeadlineMs,
        retryPeriodMs: election.retryPeriodMs,
        clock,
        releaseOnCancel: true,
        callbacks,
      });
    const startMigration = () => {
      if (!migration || migrationLost) return;
      const migrationElector = electorFor(migrationLease, {
        onStartedLeading: (signal) => {
          log.info('leader migration: starting migrated controllers.', { lease: `${election.resourceNamespace}/${migrationLease}`, controllers: migration.migrated.map((c) => c.name).join(',') });
          return startControllers(signal, migration.migrated);
        },
      });
      // Losing the migration lease ends the process as losing the main one does.
      migrationLost = migrationElector.run(migrationRun.signal).then((lost) => {
        if (lost) migrationFailed.abort();
        return lost;
      });
    };
    if (migration?.unowned.length) log.info('leader migration: controllers of another component are not started', { controllers: migration.unowned.map((c) => c.name).join(',') });
    deps.shutdown.addEventListener('abort', () => migrationRun.abort(), { once: true });
    const elector = electorFor(election.resourceName, {
      onStartedLeading: (signal) => {
        log.info('Started leading', { identity: elector.identity });
        if (migration) log.info('leader migration: starting main controllers.');
        const running = startControllers(signal);
        // The migration lease is taken only while the main one is held, once its controllers started.
        startMigration();
        signal.addEventListener('abort', () => migrationRun.abort(), { once: true });
        return running;
      },
      onNewLeader: (identity) => {
        if (identity !== elector.identity) log.info('Another instance leads', { leader: identity });
      },
    });
    healthChecks.push(elector.healthCheck());
    log.info('Leader election identity', { identity: elector.identity, lease: `${election.resourceNamespace}/${election.resourceName}` });
    const lost = await elector.run(migration ? AbortSignal.any([deps.shutdown, migrationFailed.signal]) : deps.shutdown);
    migrationRun.abort();
    const lostMigration = (await migrationLost) ?? false;
    if (lost || lostMigration) {
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
