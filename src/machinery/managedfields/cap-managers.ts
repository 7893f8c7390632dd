// Keeps managedFields bounded: past 10 update managers, the oldest are folded, per apiVersion,
// into one "ancient-changes" entry, as Kubernetes does.

import { managerId, type Managers, type ManagerState } from './managers.ts';

export const maxUpdateManagers = 10;
const oldUpdatesManagerName = 'ancient-changes';

export function capUpdateManagers(managers: Managers): void {
  const updaters = [...managers.entries()].filter(([, m]) => m.operation === 'Update');
  if (updaters.length <= maxUpdateManagers) return;
  const seconds = (m: ManagerState) => (m.time ? Math.floor(Date.parse(m.time) / 1000) : 0);
  updaters.sort(([ia, a], [ib, b]) => seconds(a) - seconds(b) || (ia < ib ? -1 : ia > ib ? 1 : 0));

  const firstByVersion = new Map<string, string>();
  let count = updaters.length;
  for (const [id, state] of updaters) {
    if (count <= maxUpdateManagers) break;
    const first = firstByVersion.get(state.apiVersion);
    if (first === undefined) {
      firstByVersion.set(state.apiVersion, id);
      continue;
    }
    const bucketState: ManagerState = { manager: oldUpdatesManagerName, operation: 'Update', apiVersion: state.apiVersion, set: state.set };
    const bucketId = managerId(bucketState);
    let bucket = managers.get(bucketId);
    if (!bucket) {
      const firstState = managers.get(first)!;
      managers.delete(first);
      bucket = { ...bucketState, set: firstState.set };
      managers.set(bucketId, bucket);
    }
    bucket.set = bucket.set.union(state.set);
    if (state.time) bucket.time = state.time;
    managers.delete(id);
    count--;
  }
}
