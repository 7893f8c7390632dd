// /debug/api_priority_and_fairness/dump_priority_levels and dump_queues: comma-separated rows
// aligned as Go's tabwriter (minimum width 8, padding 1) aligns Kubernetes' dumps.
import type { FlowController } from './controller.ts';
import type { LevelState } from './levels.ts';

/** Cells end with "," except the last; every column but the last is padded to its widest cell. */
function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => i < row.length - 1 && (widths[i] = Math.max(widths[i] ?? 8, cell.length + 2)));
  return rows
    .map((row) => row.map((cell, i) => (i < row.length - 1 ? `${cell},`.padEnd(widths[i]!) : cell)).join('') + '\n')
    .join('');
}

function sortedLevels(controller: FlowController): LevelState[] {
  return [...controller.levels.byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function dumpPriorityLevels(controller: FlowController): string {
  const rows: string[][] = [
    ['PriorityLevelName', 'ActiveQueues', 'IsIdle', 'IsQuiescing', 'WaitingRequests', 'ExecutingRequests', 'DispatchedRequests', 'RejectedRequests', 'TimedoutRequests', 'CancelledRequests'],
  ];
  for (const l of sortedLevels(controller)) {
    if (l.exempt) {
      rows.push([l.name, ...Array<string>(9).fill('<none>')]);
      continue;
    }
    const waiting = l.queueSet?.waiting ?? 0;
    const executing = controller.levels.executing(l);
    rows.push([
      l.name,
      String(l.queueSet?.activeQueues ?? 0),
      String(waiting === 0 && executing === 0),
      String(l.quiescing),
      String(waiting),
      String(executing),
      String(l.counters.dispatched),
      String(l.counters.rejected),
      String(l.counters.timedout),
      String(l.counters.cancelled),
    ]);
  }
  return table(rows);
}

/** Seat-seconds as Kubernetes prints them: 8 decimals and "ss". */
function seatSeconds(x: number): string {
  return `${x.toFixed(8)}ss`;
}

export function dumpQueues(controller: FlowController): string {
  const rows: string[][] = [['PriorityLevelName', 'Index', 'PendingRequests', 'ExecutingRequests', 'SeatsInUse', 'NextDispatchR', 'InitialSeatsSum', 'MaxSeatsSum', 'TotalWorkSum']];
  for (const l of sortedLevels(controller)) {
    if (!l.queueSet) {
      rows.push([l.name, ...Array<string>(8).fill('<none>')]);
      continue;
    }
    for (const q of l.queueSet.queues) {
      const pending = q.waiting.length;
      rows.push([l.name, String(q.index), String(pending), String(q.executing), String(q.executing), seatSeconds(q.nextDispatchR), String(pending), String(pending), seatSeconds(0)]);
    }
  }
  return table(rows);
}
