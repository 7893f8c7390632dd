// The priority levels in effect: each level's share of the server's concurrency limit
// (nominalConcurrencyShares over the sum of all levels' shares, rounded up), what it may lend
// (lendablePercent) and borrow (borrowingLimitPercent; no limit when unset), and the seats it
// uses now. Borrowing happens at dispatch: a level out of seats takes an idle lendable seat of a
// level with nothing waiting, and gives it back when the request ends.
import type { PriorityLevelConfiguration } from '../../api/flowcontrol/v1/types.ts';
import { QueueSet } from './queue-set.ts';

export interface LevelCounters {
  dispatched: number;
  rejected: number;
  timedout: number;
  cancelled: number;
}

export interface LevelState {
  name: string;
  uid: string;
  exempt: boolean;
  /** Limited with limitResponse Reject: no queues. */
  reject: boolean;
  nominalCL: number;
  lendableCL: number;
  borrowingCL: number;
  queueSet?: QueueSet;
  /** Requests running on this level's own seats, on borrowed seats, and seats lent to others. */
  ownExecuting: number;
  borrowedExecuting: number;
  lentOut: number;
  /** Exempt requests running (they take no seat). */
  exemptExecuting: number;
  /** The level's object is gone; it stays until its requests are done. */
  quiescing: boolean;
  counters: LevelCounters;
}

/** Where a dispatched request's seat came from. */
export interface Seat {
  level: LevelState;
  lender?: LevelState;
}

function shares(pl: PriorityLevelConfiguration): number {
  return (pl.spec.type === 'Exempt' ? pl.spec.exempt?.nominalConcurrencyShares : pl.spec.limited?.nominalConcurrencyShares) ?? (pl.spec.type === 'Exempt' ? 0 : 30);
}

function lendablePercent(pl: PriorityLevelConfiguration): number {
  return (pl.spec.type === 'Exempt' ? pl.spec.exempt?.lendablePercent : pl.spec.limited?.lendablePercent) ?? 0;
}

/** Go's math.Round: halves away from zero. */
const round = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

export class PriorityLevels {
  readonly byName = new Map<string, LevelState>();
  serverConcurrencyLimit: number;

  constructor(serverConcurrencyLimit: number) {
    this.serverConcurrencyLimit = serverConcurrencyLimit;
  }

  /** Applies a new set of level objects; levels no longer present quiesce. */
  apply(levels: readonly PriorityLevelConfiguration[]): void {
    const total = levels.reduce((n, pl) => n + shares(pl), 0);
    const present = new Set<string>();
    for (const pl of levels) {
      const name = pl.metadata.name ?? '';
      present.add(name);
      const nominalCL = total > 0 ? Math.ceil((this.serverConcurrencyLimit * shares(pl)) / total) : 0;
      const limited = pl.spec.limited;
      const reject = pl.spec.type === 'Limited' && limited?.limitResponse?.type !== 'Queue';
      let state = this.byName.get(name);
      if (!state) {
        state = {
          name,
          uid: '',
          exempt: false,
          reject: false,
          nominalCL: 0,
          lendableCL: 0,
          borrowingCL: 0,
          ownExecuting: 0,
          borrowedExecuting: 0,
          lentOut: 0,
          exemptExecuting: 0,
          quiescing: false,
          counters: { dispatched: 0, rejected: 0, timedout: 0, cancelled: 0 },
        };
        this.byName.set(name, state);
      }
      state.uid = pl.metadata.uid ?? '';
      state.exempt = pl.spec.type === 'Exempt';
      state.reject = reject;
      state.quiescing = false;
      state.nominalCL = nominalCL;
      state.lendableCL = round((nominalCL * lendablePercent(pl)) / 100);
      state.borrowingCL = limited?.borrowingLimitPercent === undefined ? Infinity : round((nominalCL * limited.borrowingLimitPercent) / 100);
      const queuing = limited?.limitResponse?.type === 'Queue' ? limited.limitResponse.queuing : undefined;
      if (!state.exempt && !reject && queuing) {
        const config = { queues: queuing.queues ?? 64, handSize: queuing.handSize ?? 8, queueLengthLimit: queuing.queueLengthLimit ?? 50 };
        if (state.queueSet) state.queueSet.setConfig(config);
        else state.queueSet = new QueueSet(config);
        state.queueSet.concurrencyLimit = nominalCL;
      } else if (state.queueSet && state.queueSet.waiting === 0) {
        state.queueSet = undefined;
      }
    }
    for (const state of this.byName.values()) {
      if (present.has(state.name)) continue;
      state.quiescing = true;
      this.dropIfIdle(state);
    }
  }

  dropIfIdle(state: LevelState): void {
    if (state.quiescing && this.executing(state) === 0 && (state.queueSet?.waiting ?? 0) === 0) this.byName.delete(state.name);
  }

  executing(state: LevelState): number {
    return state.ownExecuting + state.borrowedExecuting + state.exemptExecuting;
  }

  /** A seat for one request of `level` now, its own or borrowed; undefined when there is none. */
  takeSeat(level: LevelState): Seat | undefined {
    if (level.ownExecuting + level.lentOut < level.nominalCL) {
      level.ownExecuting++;
      return { level };
    }
    if (level.borrowedExecuting >= level.borrowingCL) return undefined;
    for (const lender of this.byName.values()) {
      if (lender === level || lender.exempt || lender.quiescing) continue;
      if (lender.lentOut >= lender.lendableCL || lender.ownExecuting + lender.lentOut >= lender.nominalCL) continue;
      if ((lender.queueSet?.waiting ?? 0) > 0) continue;
      lender.lentOut++;
      level.borrowedExecuting++;
      return { level, lender };
    }
    return undefined;
  }

  giveBack(seat: Seat): void {
    if (seat.lender) {
      seat.lender.lentOut--;
      seat.level.borrowedExecuting--;
    } else {
      seat.level.ownExecuting--;
    }
  }
}
