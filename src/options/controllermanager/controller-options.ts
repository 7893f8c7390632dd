// Each written controller's own rows as a typed options object, named as Kubernetes names the
// controllers' configurations (GarbageCollectorController, NamespaceController,
// PodGCController, ReplicaSetController, ReplicationController, ResourceQuotaController,
// SAController, StatefulSetController, DaemonSetController, TTLAfterFinishedController, JobController,
// CronJobController).
// A controller reads only its own object.
import type { OptionReader } from '../option-reader.ts';

export interface GarbageCollectorControllerOptions {
  /** --enable-garbage-collector=false: the controller does nothing. */
  enabled: boolean;
  /** --concurrent-gc-syncs; zero or less takes the row's default. */
  workers: number;
}

export function garbageCollectorControllerOptions(r: OptionReader): GarbageCollectorControllerOptions {
  return { enabled: r.bool('enable-garbage-collector'), workers: r.positiveNumber('concurrent-gc-syncs') };
}

export interface NamespaceControllerOptions {
  /** Every namespace is looked at again this often. */
  syncPeriodMs: number;
  /** --concurrent-namespace-syncs; zero or less takes the row's default. */
  workers: number;
}

export function namespaceControllerOptions(r: OptionReader): NamespaceControllerOptions {
  return { syncPeriodMs: r.number('namespace-sync-period'), workers: r.positiveNumber('concurrent-namespace-syncs') };
}

export interface ResourceQuotaControllerOptions {
  /** --resource-quota-sync-period: every quota's usage is measured again this often. */
  syncPeriodMs: number;
  /** --concurrent-resource-quota-syncs; zero or less takes the row's default. */
  workers: number;
}

export function resourceQuotaControllerOptions(r: OptionReader): ResourceQuotaControllerOptions {
  return { syncPeriodMs: r.number('resource-quota-sync-period'), workers: r.positiveNumber('concurrent-resource-quota-syncs') };
}

export interface PodGCControllerOptions {
  /** --terminated-pod-gc-threshold: finished pods kept; zero or less keeps them all. */
  terminatedPodThreshold: number;
}

export function podGCControllerOptions(r: OptionReader): PodGCControllerOptions {
  return { terminatedPodThreshold: r.number('terminated-pod-gc-threshold') };
}

export interface DeploymentControllerOptions {
  /** --concurrent-deployment-syncs; zero or less takes the row's default. */
  workers: number;
}

export function deploymentControllerOptions(r: OptionReader): DeploymentControllerOptions {
  return { workers: r.positiveNumber('concurrent-deployment-syncs') };
}

export interface TTLAfterFinishedControllerOptions {
  /** --concurrent-ttl-after-finished-syncs; zero or less takes the row's default. */
  workers: number;
}

export function ttlAfterFinishedControllerOptions(r: OptionReader): TTLAfterFinishedControllerOptions {
  return { workers: r.positiveNumber('concurrent-ttl-after-finished-syncs') };
}

export interface ReplicaSetControllerOptions {
  /** --concurrent-replicaset-syncs; zero or less takes the row's default. */
  workers: number;
}

export function replicaSetControllerOptions(r: OptionReader): ReplicaSetControllerOptions {
  return { workers: r.positiveNumber('concurrent-replicaset-syncs') };
}

export interface ReplicationControllerOptions {
  /** --concurrent-rc-syncs; zero or less takes the row's default. */
  workers: number;
}

export function replicationControllerOptions(r: OptionReader): ReplicationControllerOptions {
  return { workers: r.positiveNumber('concurrent-rc-syncs') };
}

export interface StatefulSetControllerOptions {
  /** --concurrent-statefulset-syncs; zero or less takes the row's default. */
  workers: number;
}

export function statefulSetControllerOptions(r: OptionReader): StatefulSetControllerOptions {
  return { workers: r.positiveNumber('concurrent-statefulset-syncs') };
}

export interface DaemonSetControllerOptions {
  /** --concurrent-daemonset-syncs; zero or less takes the row's default. */
  workers: number;
}

export function daemonSetControllerOptions(r: OptionReader): DaemonSetControllerOptions {
  return { workers: r.positiveNumber('concurrent-daemonset-syncs') };
}

export interface JobControllerOptions {
  /** --concurrent-job-syncs; zero or less takes the row's default. */
  workers: number;
}

export function jobControllerOptions(r: OptionReader): JobControllerOptions {
  return { workers: r.positiveNumber('concurrent-job-syncs') };
}

export interface CronJobControllerOptions {
  /** --concurrent-cron-job-syncs; zero or less takes the row's default. */
  workers: number;
}

export function cronJobControllerOptions(r: OptionReader): CronJobControllerOptions {
  return { workers: r.positiveNumber('concurrent-cron-job-syncs') };
}

export interface ServiceAccountControllerOptions {
  /** The root CA bundle the publisher puts in every namespace; '' : the orchconfig's CA. */
  rootCAFile: string;
}

export function serviceAccountControllerOptions(r: OptionReader): ServiceAccountControllerOptions {
  return { rootCAFile: r.string('root-ca-file') };
}
