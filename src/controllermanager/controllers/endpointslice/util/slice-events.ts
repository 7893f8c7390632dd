// How a slice-writing controller (endpointslice, endpointslice-mirroring) reacts to changes of the
// slices themselves: a slice of its own changed or deleted behind its back (one its tracker did not
// expect) sends the service back to the queue, and a slice whose service-name label was changed by
// hand sends both services, since labels do not move the generation.
import type { EndpointSlice } from '../../../../api/discovery/v1/types.ts';
import type { EventHandler } from '../../../../client/cache/shared-informer.ts';
import type { EndpointSliceTracker } from './slice-tracker.ts';
import { SERVICE_NAME_LABEL } from './well-known.ts';

export function sliceEventHandlers(ours: (slice: EndpointSlice) => boolean, tracker: EndpointSliceTracker, enqueueForSlice: (slice: EndpointSlice) => void): EventHandler<EndpointSlice> {
  return {
    onAdd: (slice) => {
      if (ours(slice) && tracker.shouldSync(slice)) enqueueForSlice(slice);
    },
    onUpdate: (old, cur) => {
      if (old.metadata.labels?.[SERVICE_NAME_LABEL] !== cur.metadata.labels?.[SERVICE_NAME_LABEL]) {
        enqueueForSlice(old);
        enqueueForSlice(cur);
      } else if (ours(old) !== ours(cur) || (ours(cur) && tracker.shouldSync(cur))) {
        enqueueForSlice(cur);
      }
    },
    onDelete: (slice) => {
      if (ours(slice) && tracker.has(slice) && !tracker.handleDeletion(slice)) enqueueForSlice(slice);
    },
  };
}
