// The writes of a slice reconciler and how they reach the API: creates, updates and deletes, with
// the tracker told of each, and the recycling Kubernetes does before writing (a slice about to
// be created takes the name of one about to be deleted, so one update replaces both writes).
import type { EndpointSlice } from '../../../../api/discovery/v1/types.ts';

export interface SliceApi {
  create(slice: EndpointSlice): Promise<EndpointSlice>;
  update(slice: EndpointSlice): Promise<EndpointSlice>;
  delete(namespace: string, name: string): Promise<void>;
}

export interface SliceChanges {
  toCreate: EndpointSlice[];
  toUpdate: EndpointSlice[];
  toDelete: EndpointSlice[];
}

/** Turns create + delete pairs into updates of the deleted slices, when `reusable` allows. */
export function recycleSlices(changes: SliceChanges, reusable: (toDelete: EndpointSlice, toCreate: EndpointSlice) => boolean): void {
  for (let i = 0; i < changes.toDelete.length && changes.toCreate.length > 0;) {
    const old = changes.toDelete[i]!;
    const created = changes.toCreate[changes.toCreate.length - 1]!;
    if (!reusable(old, created)) {
      i++;
      continue;
    }
    created.metadata.name = old.metadata.name;
    delete created.metadata.generateName;
    changes.toCreate.pop();
    changes.toUpdate.push(created);
    changes.toDelete.splice(i, 1);
  }
}
