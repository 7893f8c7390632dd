// Writes simulated pods' status to the API as the node agent's status manager does: the latest
// status of each pod, coalesced (a pod that changed twice before its turn is written once), as a
// strategic merge patch of pods/<name>/status that carries the pod's UID so a new pod of the same
// name is never written to. A deleted pod whose containers have stopped is then deleted for good,
// with a grace period of 0 and the UID as precondition.
import { isConflict, isInvalid, isNotFound } from '../machinery/status.ts';
import { klog } from '../component-base/logs/klog.ts';
import type { Clock } from '../client/clock/clock.ts';
import type { RestClient } from '../client/rest/client.ts';
import type { Pod, PodCondition, PodStatus } from '../api/core/v1/pod-types.ts';

/** A pod whose status the writer writes: a simulated pod as the writer sees it. */
export interface WritablePod {
  readonly uid: string;
  /** namespace/name, for logs. */
  readonly name: string;
  readonly pod: Pod;
  /** Deleted and stopped: to be deleted for good once its status is written. */
  readonly stopped: boolean;
  status(): PodStatus;
}

const log = klog('nodeagent/status');

const RETRY_MS = 1000;

function podPath(sim: WritablePod): string {
  const m = sim.pod.metadata;
  return `/api/v1/namespaces/${encodeURIComponent(m.namespace ?? '')}/pods/${encodeURIComponent(m.name ?? '')}`;
}

/**
 * A merge patch keeps what it does not mention: a condition's reason and message that no longer
 * apply are sent as null, so the merged condition loses them.
 */
function withClearedFields(status: PodStatus): PodStatus {
  return { ...status, conditions: status.conditions?.map((c) => ({ reason: null, message: null, ...c }) as PodCondition) };
}

export class PodStatusWriter {
  private readonly client: RestClient;
  private readonly clock: Clock;
  private readonly concurrency: number;
  /** Pods waiting for a write, in order, by UID. */
  private readonly dirty = new Map<string, WritablePod>();
  private readonly writing = new Set<string>();
  /** The last status written for each pod, as JSON. */
  private readonly written = new Map<string, string>();
  private readonly deleted = new Set<string>();
  private active = 0;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(client: RestClient, opts: { clock: Clock; concurrency: number }) {
    this.client = client;
    this.clock = opts.clock;
    this.concurrency = opts.concurrency;
  }

  /** The pod's status changed (or it may now be deleted). */
  changed(sim: WritablePod): void {
    if (this.closed) return;
    this.dirty.delete(sim.uid);
    this.dirty.set(sim.uid, sim);
    this.pump();
  }

  /** The pod is gone: nothing more to write. */
  forget(uid: string): void {
    this.dirty.delete(uid);
    this.written.delete(uid);
    this.deleted.delete(uid);
  }

  close(): void {
    this.closed = true;
    this.dirty.clear();
  }

  /** Resolves once nothing is waiting or being written (for tests and shutdown). */
  idle(): Promise<void> {
    if (this.active === 0 && this.dirty.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.active < this.concurrency && !this.closed) {
      let next: WritablePod | undefined;
      for (const sim of this.dirty.values()) {
        if (this.writing.has(sim.uid)) continue;
        next = sim;
        break;
      }
      if (!next) break;
      this.dirty.delete(next.uid);
      this.writing.add(next.uid);
      this.active++;
      void this.sync(next).finally(() => {
        this.active--;
        this.writing.delete(next.uid);
        this.pump();
        if (this.active === 0 && this.dirty.size === 0) for (const w of this.idleWaiters.splice(0)) w();
      });
    }
  }

  private async sync(sim: WritablePod): Promise<void> {
    try {
      const status = sim.status();
      const text = JSON.stringify(status);
      if (this.written.get(sim.uid) !== text) {
        await this.client.request({
          method: 'PATCH',
          path: `${podPath(sim)}/status`,
          body: { metadata: { uid: sim.uid }, status: withClearedFields(status) },
          patchType: 'application/strategic-merge-patch+json',
        });
        this.written.set(sim.uid, text);
      }
      if (sim.stopped && !this.deleted.has(sim.uid)) {
        await this.client.request({
          method: 'DELETE',
          path: podPath(sim),
          body: { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 0, preconditions: { uid: sim.uid } },
        });
        this.deleted.add(sim.uid);
        log.info('Deleted pod after its containers stopped', { pod: sim.name }, 2);
      }
    } catch (err) {
      if (isNotFound(err) || isConflict(err) || isInvalid(err)) {
        log.info('Pod gone or replaced; not writing its status', { pod: sim.name, err: (err as Error).message }, 2);
        return;
      }
      log.warning('Failed to write pod status; will retry', { pod: sim.name, err: (err as Error).message });
      this.clock.setTimer(() => this.changed(sim), RETRY_MS);
    }
  }
}
