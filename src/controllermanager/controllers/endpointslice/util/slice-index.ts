// An index of EndpointSlices by the service they belong to (`namespace/service-name` from the
// service-name label), shared by the controllers that write slices for services.
import type { EndpointSlice } from '../../../../api/discovery/v1/types.ts';
import { MANAGED_BY_LABEL, SERVICE_NAME_LABEL } from './well-known.ts';
import type { Indexer } from '../../../../client/cache/store.ts';

export const SLICE_SERVICE_INDEX = 'orch.io/service-name';

export function sliceServiceIndexFunc(slice: EndpointSlice): string[] {
  const name = slice.metadata.labels?.[SERVICE_NAME_LABEL];
  return name ? [`${slice.metadata.namespace ?? ''}/${name}`] : [];
}

/** The service's key a slice names, or undefined when it names none. */
export function serviceKeyOfSlice(slice: EndpointSlice): string | undefined {
  return sliceServiceIndexFunc(slice)[0];
}

/** The slices of a service that a manager wrote, those being deleted left out. */
export function managedSlicesOf(slices: Indexer<EndpointSlice>, serviceKey: string, manager: string): EndpointSlice[] {
  return slices.byIndex(SLICE_SERVICE_INDEX, serviceKey).filter((s) => s.metadata.labels?.[MANAGED_BY_LABEL] === manager && !s.metadata.deletionTimestamp);
}

export const managedBy = (slice: EndpointSlice, manager: string) => slice.metadata.labels?.[MANAGED_BY_LABEL] === manager;
