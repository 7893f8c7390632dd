// scheduling.orch.io/v1 PriorityClass as JSON on the wire (Kubernetes' scheduling.k8s.io/v1,
// brand swapped), and the two classes every cluster has.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export const SCHEDULING_GROUP = 'scheduling.orch.io';
export const SCHEDULING_VERSION = 'v1';

/** The highest value a class that is not one of the system's may have. */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;
/** The value of system-cluster-critical; system-node-critical is 1000 above it. */
export const SYSTEM_CRITICAL_PRIORITY = 2 * HIGHEST_USER_DEFINABLE_PRIORITY;
/** Names with this prefix are the system's. */
export const SYSTEM_PRIORITY_CLASS_PREFIX = 'system-';
/** A pod's priority when it names no class and no class is the global default. */
export const DEFAULT_PRIORITY_WITHOUT_DEFAULT_CLASS = 0;

export interface PriorityClass {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  value: number;
  globalDefault?: boolean;
  description?: string;
  /** PreemptLowerPriority (default) or Never. */
  preemptionPolicy?: string;
  [field: string]: unknown;
}

/** The classes created at start-up, which may be neither changed in value nor deleted. */
export const SYSTEM_PRIORITY_CLASSES: readonly PriorityClass[] = [
  {
    metadata: { name: 'system-node-critical' },
    value: SYSTEM_CRITICAL_PRIORITY + 1000,
    description: 'Used for system critical pods that must not be moved from their current node.',
  },
  {
    metadata: { name: 'system-cluster-critical' },
    value: SYSTEM_CRITICAL_PRIORITY,
    description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
];
