// What the simulated pods of one node share: the node's name and address, the clock, how long
// containers take to start and run, the node's pod addresses and images, the logs, the Events, and
// where to say that a pod's status changed.
import type { Clock } from '../client/clock/clock.ts';
import type { ContainerLogs } from './container-logs.ts';
import type { PodEvents } from './pod-events.ts';
import type { PodAddressPool } from './pod-ips.ts';
import type { WritablePod } from './pod-status-writer.ts';

/** What the pods of one node share. */
export interface NodeRuntime {
  nodeName: string;
  nodeIP: string;
  clock: Clock;
  startMs: number;
  runMs: number;
  /** Replaced once the node is registered, when the Node already had another pod CIDR. */
  addresses: PodAddressPool;
  /** Images present on the node, normalized. */
  images: Set<string>;
  logs: ContainerLogs;
  events: PodEvents;
  /** The pod's status changed: it should be written. */
  statusChanged(pod: WritablePod): void;
}
