// The leader election rows as a typed options object; client-leader-validate.ts checks them
// (positive durations, a renew deadline inside the lease, a named Lease).
import type { OptionReader } from '../option-reader.ts';

export interface LeaderElectionOptions {
  /** false: the controllers start at once, without a Lease. */
  leaderElect: boolean;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  resourceNamespace: string;
  resourceName: string;
  /** --enable-leader-migration: the controllers a LeaderMigrationConfiguration moves run under its lease. */
  enableLeaderMigration: boolean;
  /** --leader-migration-config: its file; empty for Kubernetes' default configuration. */
  leaderMigrationConfig: string;
}

export function leaderElectionOptions(r: OptionReader): LeaderElectionOptions {
  return {
    leaderElect: r.bool('leader-elect'),
    leaseDurationMs: r.number('leader-elect-lease-duration'),
    renewDeadlineMs: r.number('leader-elect-renew-deadline'),
    retryPeriodMs: r.number('leader-elect-retry-period'),
    resourceNamespace: r.string('leader-elect-resource-namespace'),
    resourceName: r.string('leader-elect-resource-name'),
    enableLeaderMigration: r.bool('enable-leader-migration'),
    leaderMigrationConfig: r.string('leader-migration-config'),
  };
}
