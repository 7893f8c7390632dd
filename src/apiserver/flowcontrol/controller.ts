// The dispatcher of API Priority and Fairness: classifies a request to a FlowSchema and priority
// level, then lets it run at once (exempt levels), on a free seat, or after waiting in the level's
// queues; a request that cannot be queued, or waits past its limit, is rejected. Seats come back
// when a request ends and go to the next waiting request, the level's own first.
import type { FlowSchema, PriorityLevelConfiguration } from '../../api/flowcontrol/v1/types.ts';
import { mandatoryFlowSchemas, mandatoryPriorityLevels } from '../registry/flowcontrol/bootstrap/objects.ts';
import { classify, compareFlowSchemas, flowDistinguisher, type RequestDigest } from './classify.ts';
import { PriorityLevels, type LevelState, type Seat } from './levels.ts';
import type { QueuedRequest } from './queue-set.ts';
import { NO_METRICS, type FlowControlMetrics, type RejectReason } from './metrics.ts';
import { flowHash } from './shuffle-sharding.ts';

export interface Classification {
  flowSchema: FlowSchema;
  level: LevelState;
  distinguisher: string;
}

export type Admission = { admitted: true; release(): void } | { admitted: false; reason: RejectReason };

export interface AcquireOptions {
  /** The longest a request may wait in a queue. */
  waitLimitMs: number;
  /** Registers `cancel` to run when the client goes away (only for a request that waits); returns the unregistration. */
  onGone?: (cancel: () => void) => () => void;
}

interface Waiter extends QueuedRequest {
  classification: Classification;
  settle(a: Admission): void;
}

export class FlowController {
  readonly levels: PriorityLevels;
  private schemas: FlowSchema[] = [];
  private catchAll: Classification | undefined;
  metrics: FlowControlMetrics = NO_METRICS;

  private lastInputs: [readonly FlowSchema[], readonly PriorityLevelConfiguration[]] = [[], []];

  constructor(serverConcurrencyLimit: number) {
    this.levels = new PriorityLevels(serverConcurrencyLimit);
    this.update([], []);
  }

  /** --max-requests-inflight plus --max-mutating-requests-inflight, shared among the levels. */
  setServerConcurrencyLimit(limit: number): void {
    this.levels.serverConcurrencyLimit = limit;
    this.update(...this.lastInputs);
  }

  /** Applies the current objects; the mandatory ones stand in for any that are missing. */
  update(flowSchemas: readonly FlowSchema[], priorityLevels: readonly PriorityLevelConfiguration[]): void {
    this.lastInputs = [flowSchemas, priorityLevels];
    const pls = [...priorityLevels];
    for (const m of mandatoryPriorityLevels()) if (!pls.some((p) => p.metadata.name === m.metadata.name)) pls.push(m);
    const fss = [...flowSchemas];
    for (const m of mandatoryFlowSchemas()) if (!fss.some((f) => f.metadata.name === m.metadata.name)) fss.push(m);
    this.levels.apply(pls);
    for (const l of this.levels.byName.values()) if (!l.quiescing) this.metrics.nominalLimit(l.name, l.nominalCL);
    // A schema whose level does not exist (dangling) matches nothing.
    this.schemas = fss.filter((fs) => this.liveLevel(fs.spec.priorityLevelConfiguration?.name)).sort(compareFlowSchemas);
    const catchAllSchema = this.schemas.find((fs) => fs.metadata.name === 'catch-all') ?? mandatoryFlowSchemas()[1]!;
    this.catchAll = { flowSchema: catchAllSchema, level: this.liveLevel(catchAllSchema.spec.priorityLevelConfiguration.name) ?? this.levels.byName.get('catch-all')!, distinguisher: '' };
    // Limits may have grown: let waiting requests take the new seats.
    this.pumpAll();
  }

  private liveLevel(name: string | undefined): LevelState | undefined {
    const l = name === undefined ? undefined : this.levels.byName.get(name);
    return l && !l.quiescing ? l : undefined;
  }

  flowSchemas(): readonly FlowSchema[] {
    return this.schemas;
  }

  classify(digest: RequestDigest): Classification {
    const fs = classify(this.schemas, digest);
    if (!fs) return { ...this.catchAll!, distinguisher: digest.user.name };
    return { flowSchema: fs, level: this.levels.byName.get(fs.spec.priorityLevelConfiguration.name)!, distinguisher: flowDistinguisher(fs, digest) };
  }

  /** Waits for the right to run; `release` must be called once the request no longer holds its seat. */
  acquire(c: Classification, opts: AcquireOptions): Admission | Promise<Admission> {
    const level = c.level;
    const schema = c.flowSchema.metadata.name ?? '';
    if (level.exempt) {
      level.exemptExecuting++;
      level.counters.dispatched++;
      this.metrics.dispatched(level.name, schema);
      this.metrics.setExecuting(level.name, schema, 1);
      return { admitted: true, release: once(() => this.finish(c, undefined, undefined, 0)) };
    }
    const queueSet = level.queueSet;
    // A level turned to Reject keeps its queues only to drain them.
    if (level.reject || !queueSet) {
      const seat = this.levels.takeSeat(level);
      if (!seat) return this.reject(c, 'concurrency-limit');
      return this.dispatched(c, seat, undefined, performance.now());
    }
    // Nothing waits and a seat is free: run now, still charged to a queue of the flow's hand.
    if (queueSet.waiting === 0) {
      const seat = this.levels.takeSeat(level);
      if (seat) {
        const queued: QueuedRequest = { hash: flowHash(schema, c.distinguisher), enqueuedAt: performance.now() };
        if (queueSet.enqueue(queued)) {
          queueSet.dispatchNext();
          return this.dispatched(c, seat, queued, queued.enqueuedAt);
        }
        this.levels.giveBack(seat);
      }
    }
    return new Promise<Admission>((resolve) => {
      const enqueuedAt = performance.now();
      let timer: NodeJS.Timeout | undefined;
      let unregister: (() => void) | undefined;
      const waiter: Waiter = {
        hash: flowHash(schema, c.distinguisher),
        enqueuedAt,
        classification: c,
        settle: (a) => {
          clearTimeout(timer);
          unregister?.();
          resolve(a);
        },
      };
      const leave = (reason: RejectReason) => {
        queueSet.remove(waiter);
        this.metrics.setInqueue(level.name, schema, -1);
        this.metrics.waited(level.name, schema, false, (performance.now() - enqueuedAt) / 1000);
        waiter.settle(this.reject(c, reason));
        this.levels.dropIfIdle(level);
      };
      if (!queueSet.enqueue(waiter)) {
        resolve(this.reject(c, 'queue-full'));
        return;
      }
      this.metrics.setInqueue(level.name, schema, 1);
      timer = setTimeout(() => leave('time-out'), Math.max(0, opts.waitLimitMs));
      unregister = opts.onGone?.(() => leave('cancelled'));
      this.pump(level);
    });
  }

  private reject(c: Classification, reason: RejectReason): Admission {
    const l = c.level;
    if (reason === 'time-out') l.counters.timedout++;
    else if (reason === 'cancelled') l.counters.cancelled++;
    else l.counters.rejected++;
    this.metrics.rejected(l.name, c.flowSchema.metadata.name ?? '', reason);
    return { admitted: false, reason };
  }

  private dispatched(c: Classification, seat: Seat, queued: QueuedRequest | undefined, enqueuedAt: number): Admission {
    const l = c.level;
    const schema = c.flowSchema.metadata.name ?? '';
    l.counters.dispatched++;
    this.metrics.dispatched(l.name, schema);
    this.metrics.setExecuting(l.name, schema, 1);
    const started = performance.now();
    if (queued) this.metrics.waited(l.name, schema, true, (started - enqueuedAt) / 1000);
    return { admitted: true, release: once(() => this.finish(c, seat, queued, (performance.now() - started) / 1000)) };
  }

  private finish(c: Classification, seat: Seat | undefined, queued: QueuedRequest | undefined, seconds: number): void {
    const l = c.level;
    this.metrics.setExecuting(l.name, c.flowSchema.metadata.name ?? '', -1);
    if (!seat) {
      l.exemptExecuting--;
      this.levels.dropIfIdle(l);
      return;
    }
    if (queued) l.queueSet?.finish(queued, seconds);
    this.levels.giveBack(seat);
    this.pump(l);
    if (seat.lender) this.pump(seat.lender);
    this.pumpAll();
    this.levels.dropIfIdle(l);
  }

  /** Dispatches waiting requests of `level` while it has (or can borrow) seats. */
  private pump(level: LevelState): void {
    const queueSet = level.queueSet;
    if (!queueSet) return;
    while (queueSet.waiting > 0) {
      const seat = this.levels.takeSeat(level);
      if (!seat) return;
      const next = queueSet.dispatchNext() as Waiter;
      const schema = next.classification.flowSchema.metadata.name ?? '';
      this.metrics.setInqueue(level.name, schema, -1);
      next.settle(this.dispatched(next.classification, seat, next, next.enqueuedAt));
    }
  }

  private pumpAll(): void {
    for (const level of this.levels.byName.values()) if ((level.queueSet?.waiting ?? 0) > 0) this.pump(level);
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
