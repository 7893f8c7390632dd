// The events the page knows, by uid, in one shape whichever API they came from: events.orch.io/v1
// (note, regarding, reportingController) or core v1, which the default view role can read
// (message, involvedObject, source). Bounded: past MAX_EVENTS the oldest are dropped.
import { timeOf } from './dom.js';

export const MAX_EVENTS = 20000;

/** A watched Event object as a table row. */
export function toRow(obj) {
  const core = obj.apiVersion === 'v1';
  const meta = obj.metadata ?? {};
  const regarding = (core ? obj.involvedObject : obj.regarding) ?? {};
  const series = obj.series ?? {};
  const count = series.count ?? (core ? obj.count : obj.deprecatedCount) ?? 1;
  const lastSeen =
    timeOf(series.lastObservedTime) ||
    (core ? timeOf(obj.lastTimestamp) : timeOf(obj.deprecatedLastTimestamp)) ||
    timeOf(obj.eventTime) ||
    (core ? timeOf(obj.firstTimestamp) : timeOf(obj.deprecatedFirstTimestamp)) ||
    timeOf(meta.creationTimestamp);
  return {
    uid: meta.uid || `${meta.namespace}/${meta.name}`,
    name: meta.name ?? '',
    namespace: meta.namespace ?? '',
    apiVersion: obj.apiVersion,
    type: obj.type || 'Normal',
    reason: obj.reason ?? '',
    note: (core ? obj.message : obj.note) ?? '',
    regarding: {
      apiVersion: regarding.apiVersion ?? '',
      kind: regarding.kind ?? '',
      namespace: regarding.namespace ?? '',
      name: regarding.name ?? '',
      uid: regarding.uid ?? '',
    },
    controller: (core ? obj.reportingComponent || obj.source?.component : obj.reportingController || obj.deprecatedSource?.component) ?? '',
    count,
    lastSeen,
  };
}

export class EventStore {
  constructor() {
    this.byUid = new Map();
    /** Bumped on every change, so views can tell whether to render again. */
    this.version = 0;
  }

  reset() {
    this.byUid.clear();
    this.version++;
  }

  /** Applies a batch of watch events. */
  apply(batch) {
    for (const { type, object } of batch) {
      const row = toRow(object);
      if (type === 'DELETED') this.byUid.delete(row.uid);
      else this.byUid.set(row.uid, row);
    }
    if (this.byUid.size > MAX_EVENTS * 1.1) this.trim();
    this.version++;
  }

  trim() {
    const oldestFirst = [...this.byUid.values()].sort((a, b) => a.lastSeen - b.lastSeen);
    for (const row of oldestFirst.slice(0, oldestFirst.length - MAX_EVENTS)) this.byUid.delete(row.uid);
  }

  /** Rows that pass the filters, newest first. */
  matching(filters) {
    const reason = (filters.reason || '').toLowerCase();
    const out = [];
    for (const row of this.byUid.values()) {
      if (filters.namespace && row.namespace !== filters.namespace) continue;
      if (filters.type && row.type !== filters.type) continue;
      if (filters.kind && row.regarding.kind !== filters.kind) continue;
      if (reason && !row.reason.toLowerCase().includes(reason)) continue;
      out.push(row);
    }
    return out.sort((a, b) => b.lastSeen - a.lastSeen || (a.uid < b.uid ? -1 : 1));
  }

  /** Values seen in a field (namespaces, reasons, kinds), sorted, for the filters' choices. */
  distinct(pick) {
    const seen = new Set();
    for (const row of this.byUid.values()) {
      const value = pick(row);
      if (value) seen.add(value);
    }
    return [...seen].sort();
  }
}
