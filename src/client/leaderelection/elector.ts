// Leader election on a Lease, as client-go's leaderelection: a candidate acquires the lease when it
// is free, expired or its own, renews it every retry period, and stops leading when it cannot renew
// before the renew deadline. Expiry is judged by the local time at which this candidate last saw
// the lease change, never by the renewTime written in it, so clock skew between hosts does not
// matter. On a clean stop the holder releases the lease so a successor takes over at once.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { klog } from '../../component-base/logs/klog.ts';
import type { HealthCheck } from '../../component-base/healthz/checks.ts';
import { sleep, type Clock } from '../clock/clock.ts';
import { formatMicroTime, type Lease, type LeaseClient, type LeaseSpec } from './lease.ts';

const log = klog('client/leaderelection');

/** client-go's JitterFactor: acquisition retries wait retryPeriod × (1 + up to 1.2). */
const JITTER_FACTOR = 1.2;
/** How long past the lease duration the health check tolerates a leader that has not renewed. */
const HEALTH_TOLERANCE_MS = 20_000;

export interface LeaderCallbacks {
  /** Runs while leading; `signal` aborts when leadership ends. Its promise is awaited before the lease is released. */
  onStartedLeading(signal: AbortSignal): void | Promise<void>;
  /** Called once run() is over, whether this candidate led or not. */
  onStoppedLeading?(): void;
  onNewLeader?(identity: string): void;
}

export interface LeaderElectorConfig {
  client: LeaseClient;
  namespace: string;
  name: string;
  identity: string;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  clock: Clock;
  callbacks: LeaderCallbacks;
  releaseOnCancel?: boolean;
  random?: () => number;
}

/** `<host>_<uuid>`, as the controller manager names itself. */
export function defaultIdentity(): string {
  return `${hostname()}_${randomUUID()}`;
}

export class LeaderElector {
  private readonly cfg: LeaderElectorConfig;
  private observed: Lease | undefined;
  private observedRaw = '';
  private observedTime = 0;
  private reportedLeader = '';
  private leading = false;

  constructor(cfg: LeaderElectorConfig) {
    if (cfg.leaseDurationMs <= cfg.renewDeadlineMs) throw new Error('leaseDuration must be greater than renewDeadline');
    if (cfg.renewDeadlineMs <= JITTER_FACTOR * cfg.retryPeriodMs) throw new Error('renewDeadline must be greater than retryPeriod*JitterFactor');
    this.cfg = cfg;
  }

  get identity(): string {
    return this.cfg.identity;
  }

  isLeader(): boolean {
    return this.leading;
  }

  /** The holder this candidate last observed ('' when none). */
  getLeader(): string {
    return this.observed?.spec.holderIdentity ?? '';
  }

  /** Runs until the signal aborts or leadership is lost; resolves true when leadership was lost. */
  async run(signal: AbortSignal): Promise<boolean> {
    let lost = false;
    try {
      if (!(await this.acquire(signal))) return false;
      this.leading = true;
      const leadership = new AbortController();
      const work = Promise.resolve().then(() => this.cfg.callbacks.onStartedLeading(leadership.signal));
      lost = !(await this.renewLoop(signal));
      this.leading = false;
      leadership.abort();
      await work.catch((err) => log.error('The leader\'s work failed', { err }));
      if (lost) log.error('Failed to renew the lease; leadership lost', { lease: this.leaseName() });
      else if (this.cfg.releaseOnCancel) await this.release();
      return lost;
    } finally {
      this.leading = false;
      this.cfg.callbacks.onStoppedLeading?.();
    }
  }

  /** A health check that fails while this candidate leads on a lease it has not renewed in time. */
  healthCheck(): HealthCheck {
    return {
      name: 'leaderElection',
      check: () => {
        if (!this.leading) return;
        const limit = this.observedTime + this.cfg.leaseDurationMs + HEALTH_TOLERANCE_MS;
        if (this.cfg.clock.now() > limit) throw new Error(`failed election to renew leadership on lease ${this.cfg.name}`);
      },
    };
  }

  private leaseName(): string {
    return `${this.cfg.namespace}/${this.cfg.name}`;
  }

  private async acquire(signal: AbortSignal): Promise<boolean> {
    log.info('Attempting to acquire leader lease', { lease: this.leaseName() });
    while (!signal.aborted) {
      if (await this.tryAcquireOrRenew(signal)) {
        log.info('Successfully acquired lease', { lease: this.leaseName() });
        return true;
      }
      const random = this.cfg.random ?? Math.random;
      const wait = this.cfg.retryPeriodMs * (1 + random() * JITTER_FACTOR);
      try {
        await sleep(this.cfg.clock, wait, signal);
      } catch {
        return false;
      }
    }
    return false;
  }

  /** Renews every retry period; false when the renew deadline passed without a renewal. */
  private async renewLoop(signal: AbortSignal): Promise<boolean> {
    while (!signal.aborted) {
      const deadline = this.cfg.clock.now() + this.cfg.renewDeadlineMs;
      let renewed = false;
      while (!signal.aborted) {
        const attempt = new AbortController();
        const onAbort = () => attempt.abort();
        signal.addEventListener('abort', onAbort, { once: true });
        // A request still hanging at the deadline counts as a failed renewal.
        const timer = this.cfg.clock.setTimer(() => attempt.abort(), Math.max(0, deadline - this.cfg.clock.now()));
        renewed = await this.tryAcquireOrRenew(attempt.signal);
        timer.cancel();
        signal.removeEventListener('abort', onAbort);
        if (renewed || signal.aborted) break;
        if (this.cfg.clock.now() + this.cfg.retryPeriodMs > deadline) break;
        await sleep(this.cfg.clock, this.cfg.retryPeriodMs, signal).catch(() => undefined);
      }
      if (signal.aborted) return true;
      if (!renewed) return false;
      await sleep(this.cfg.clock, this.cfg.retryPeriodMs, signal).catch(() => undefined);
    }
    return true;
  }

  private record(existing: LeaseSpec | undefined, now: number): LeaseSpec {
    const mine = existing?.holderIdentity === this.cfg.identity;
    return {
      holderIdentity: this.cfg.identity,
      leaseDurationSeconds: Math.round(this.cfg.leaseDurationMs / 1000),
      acquireTime: mine && existing?.acquireTime ? existing.acquireTime : formatMicroTime(now),
      renewTime: formatMicroTime(now),
      // As client-go: every change of holder counts, including taking over a released lease.
      leaseTransitions: mine || !existing ? (existing?.leaseTransitions ?? 0) : (existing.leaseTransitions ?? 0) + 1,
    };
  }

  private observe(lease: Lease): void {
    const raw = JSON.stringify(lease.spec);
    if (raw !== this.observedRaw) {
      this.observedRaw = raw;
      this.observedTime = this.cfg.clock.now();
    }
    this.observed = lease;
    const leader = lease.spec.holderIdentity ?? '';
    if (leader !== this.reportedLeader) {
      this.reportedLeader = leader;
      if (leader) {
        log.info('New leader elected', { identity: leader }, 1);
        this.cfg.callbacks.onNewLeader?.(leader);
      }
    }
  }

  private async tryAcquireOrRenew(signal: AbortSignal): Promise<boolean> {
    const { client, namespace, name, identity, clock } = this.cfg;
    try {
      const existing = await client.get(namespace, name, signal);
      const now = clock.now();
      if (!existing) {
        const created = await client.create(
          { apiVersion: 'coordination.orch.io/v1', kind: 'Lease', metadata: { name, namespace }, spec: this.record(undefined, now) },
          signal,
        );
        this.observe(created);
        this.observedTime = clock.now();
        return true;
      }
      this.observe(existing);
      const holder = existing.spec.holderIdentity ?? '';
      const duration = (existing.spec.leaseDurationSeconds ?? 0) * 1000;
      if (holder !== '' && holder !== identity && this.observedTime + duration > clock.now()) {
        log.info('Lock is held by another candidate and has not yet expired', { holder, lease: this.leaseName() }, 4);
        return false;
      }
      const updated = await client.update({ ...existing, spec: this.record(existing.spec, clock.now()) }, signal);
      this.observe(updated);
      this.observedTime = clock.now();
      return true;
    } catch (err) {
      if (!signal.aborted) log.info('Failed to acquire or renew the lease', { lease: this.leaseName(), err: (err as Error).message }, 2);
      return false;
    }
  }

  /**
   * Gives the lease up so that a successor need not wait for it to expire. The lease is read
   * again first, as client-go does: a renewal cut short by the stop may still have been written,
   * and the resourceVersion last observed would then be stale.
   */
  private async release(): Promise<void> {
    if (!this.observed || this.observed.spec.holderIdentity !== this.cfg.identity) return;
    try {
      const current = await this.cfg.client.get(this.cfg.namespace, this.cfg.name);
      if (!current || current.spec.holderIdentity !== this.cfg.identity) return;
      const now = this.cfg.clock.now();
      const released = await this.cfg.client.update({
        ...current,
        spec: {
          holderIdentity: '',
          leaseDurationSeconds: 1,
          acquireTime: formatMicroTime(now),
          renewTime: formatMicroTime(now),
          leaseTransitions: current.spec.leaseTransitions ?? 0,
        },
      });
      this.observe(released);
      log.info('Released the lease', { lease: this.leaseName() });
    } catch (err) {
      log.error('Failed to release the lease', { lease: this.leaseName(), err: (err as Error).message });
    }
  }
}
