// Concurrency rows: how many objects each controller syncs at once.
import type { FlagSpec } from '../flag.ts';
import { CONCURRENCY as group, NO_CONTROLLER } from './groups.ts';

const rows: Array<[string, string, string]> = [
  ['concurrent-cron-job-syncs', '5', 'The number of cron job objects that are allowed to sync concurrently. Larger number = more responsive jobs, but more CPU (and network) load'],
  ['concurrent-daemonset-syncs', '2', 'The number of daemonset objects that are allowed to sync concurrently. Larger number = more responsive daemonsets, but more CPU (and network) load'],
  ['concurrent-deployment-syncs', '5', 'The number of deployment objects that are allowed to sync concurrently. Larger number = more responsive deployments, but more CPU (and network) load'],
  ['concurrent-device-taint-eviction-syncs', '8', 'The number of operations (evicting pods, updating DeviceTaintRule status) allowed to run concurrently. Greater number = more responsive, but more CPU (and network) load'],
  ['concurrent-endpoint-syncs', '5', 'The number of endpoint syncing operations that will be done concurrently. Larger number = faster endpoint updating, but more CPU (and network) load'],
  ['concurrent-ephemeralvolume-syncs', '5', 'The number of ephemeral volume syncing operations that will be done concurrently. Larger number = faster ephemeral volume updating, but more CPU (and network) load'],
  ['concurrent-gc-syncs', '20', 'The number of garbage collector workers that are allowed to sync concurrently.'],
  ['concurrent-horizontal-pod-autoscaler-syncs', '5', 'The number of horizontal pod autoscaler objects that are allowed to sync concurrently. Larger number = more responsive horizontal pod autoscaler objects processing, but more CPU (and network) load.'],
  ['concurrent-job-syncs', '5', 'The number of job objects that are allowed to sync concurrently. Larger number = more responsive jobs, but more CPU (and network) load'],
  ['concurrent-namespace-syncs', '10', 'The number of namespace objects that are allowed to sync concurrently. Larger number = more responsive namespace termination, but more CPU (and network) load'],
  ['concurrent-rc-syncs', '5', 'The number of replication controllers that are allowed to sync concurrently. Larger number = more responsive replica management, but more CPU (and network) load'],
  ['concurrent-replicaset-syncs', '5', 'The number of replica sets that are allowed to sync concurrently. Larger number = more responsive replica management, but more CPU (and network) load'],
  ['concurrent-resource-quota-syncs', '5', 'The number of resource quotas that are allowed to sync concurrently. Larger number = more responsive quota management, but more CPU (and network) load'],
  ['concurrent-service-endpoint-syncs', '5', 'The number of service endpoint syncing operations that will be done concurrently. Larger number = faster endpoint slice updating, but more CPU (and network) load.'],
  ['concurrent-service-syncs', '1', 'The number of services that are allowed to sync concurrently. Larger number = more responsive service management, but more CPU (and network) load'],
  ['concurrent-serviceaccount-token-syncs', '5', 'The number of service account token objects that are allowed to sync concurrently. Larger number = more responsive token generation, but more CPU (and network) load'],
  ['concurrent-statefulset-syncs', '5', 'The number of statefulset objects that are allowed to sync concurrently. Larger number = more responsive statefulsets, but more CPU (and network) load'],
  ['concurrent-ttl-after-finished-syncs', '5', 'The number of ttl-after-finished-controller workers that are allowed to sync concurrently.'],
  ['concurrent-validating-admission-policy-status-syncs', '5', 'The number of ValidatingAdmissionPolicyStatusController workers that are allowed to sync concurrently.'],
  ['mirroring-concurrent-service-endpoint-syncs', '5', 'The number of service endpoint syncing operations that will be done concurrently by the endpointslice-mirroring-controller. Larger number = faster endpoint slice updating, but more CPU (and network) load.'],
];

// Rows whose controller is written.
const IMPLEMENTED = new Set(['concurrent-daemonset-syncs', 'concurrent-cron-job-syncs', 'concurrent-deployment-syncs', 'concurrent-gc-syncs', 'concurrent-job-syncs', 'concurrent-namespace-syncs', 'concurrent-rc-syncs', 'concurrent-replicaset-syncs', 'concurrent-resource-quota-syncs', 'concurrent-serviceaccount-token-syncs', 'concurrent-statefulset-syncs', 'concurrent-ttl-after-finished-syncs']);
// The service networking controllers'.
for (const name of ['concurrent-endpoint-syncs', 'concurrent-service-endpoint-syncs', 'mirroring-concurrent-service-endpoint-syncs']) IMPLEMENTED.add(name);
// The ephemeral volume controller's, kept apart from the list above.
IMPLEMENTED.add('concurrent-ephemeralvolume-syncs');
// The horizontal pod autoscaler's.
IMPLEMENTED.add('concurrent-horizontal-pod-autoscaler-syncs');
// The validatingadmissionpolicy-status controller's.
IMPLEMENTED.add('concurrent-validating-admission-policy-status-syncs');
// The device-taint-eviction controller's.
IMPLEMENTED.add('concurrent-device-taint-eviction-syncs');

/** Rows read only by a cloud provider controller, which Kubernetes 1.35 does not run without one. */
const CLOUD_ONLY: Readonly<Record<string, string>> = {
  'concurrent-service-syncs': 'no cloud provider: as in Kubernetes 1.35, service-lb, the only controller that reads it, is skipped at start',
};

export const concurrencyFlags: readonly FlagSpec[] = rows.map(([name, def, help]) => (CLOUD_ONLY[name]
  ? { name, type: 'int', default: def, group, status: 'implemented', statusNote: CLOUD_ONLY[name], valueName: 'int32', help }
  : IMPLEMENTED.has(name)
  ? { name, type: 'int', default: def, group, status: 'implemented', valueName: 'int32', help }
  : { name, type: 'int', default: def, group, status: 'not-yet', statusNote: NO_CONTROLLER, valueName: 'int32', help }));

export const concurrencyFlagNames: readonly string[] = rows.map(([name]) => name);
