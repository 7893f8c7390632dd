// What a write may change on an EndpointSlice: ports get Kubernetes' defaults (an empty name and
// TCP) as bodies are decoded; a create starts at generation 1, an update bumps it when anything
// but the metadata, or the labels, change. deprecatedTopology is not written through v1: a create
// drops it, and so does an update that changes the endpoints (keeping a node name the stored
// slice's topology already named, when the endpoint has none). Warnings for FQDN slices and for
// addresses in a form a later release will refuse, except on the slices the controllers write.
import type { EndpointSlice } from '../../../../api/discovery/v1/types.ts';
import { ENDPOINTSLICE_CONTROLLER, ENDPOINTSLICE_MIRRORING_CONTROLLER, MANAGED_BY_LABEL } from '../../../../api/discovery/v1/well-known.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { ipAddressWarnings } from './ip-warnings.ts';
import { validateEndpointSlice, validateEndpointSliceUpdate } from './validation.ts';

/** The node-name label of the older topology map (Kubernetes' kubernetes.io/hostname). */
const HOSTNAME_LABEL = 'orch.io/hostname';

export function defaultEndpointSlice(slice: EndpointSlice): EndpointSlice {
  for (const port of slice.ports ?? []) {
    port.name ??= '';
    port.protocol ??= 'TCP';
  }
  return slice;
}

function dropTopology(slice: EndpointSlice, old: EndpointSlice | undefined): void {
  if (old && deepEqual(old.endpoints ?? [], slice.endpoints ?? [])) return;
  const known = new Set((old?.endpoints ?? []).map((ep) => ep.deprecatedTopology?.[HOSTNAME_LABEL]).filter((n): n is string => !!n));
  for (const ep of slice.endpoints ?? []) {
    const named = ep.deprecatedTopology?.[HOSTNAME_LABEL];
    if ((ep.nodeName === undefined || ep.nodeName === null) && named !== undefined && known.has(named) && !nameIsDNSSubdomain(named, false).length) ep.nodeName = named;
    delete ep.deprecatedTopology;
  }
}

/** Everything but the metadata, which does not move the generation (the labels do). */
function content(slice: EndpointSlice): unknown {
  const { metadata: _metadata, apiVersion: _apiVersion, kind: _kind, ...rest } = slice;
  return rest;
}

function warnings(slice: EndpointSlice): string[] {
  const manager = slice.metadata.labels?.[MANAGED_BY_LABEL];
  if (manager === ENDPOINTSLICE_CONTROLLER || manager === ENDPOINTSLICE_MIRRORING_CONTROLLER) return [];
  return (slice.endpoints ?? []).flatMap((ep, i) => (ep.addresses ?? []).flatMap((a, j) => ipAddressWarnings(`endpoints[${i}].addresses[${j}]`, a)));
}

export const endpointSliceStrategy: ResourceStrategy<EndpointSlice> = {
  prepareForCreate(slice) {
    slice.metadata.generation = 1;
    dropTopology(slice, undefined);
  },
  prepareForUpdate(slice, old) {
    if (!deepEqual(content(slice), content(old)) || !deepEqual(slice.metadata.labels ?? {}, old.metadata.labels ?? {})) {
      slice.metadata.generation = (old.metadata.generation ?? 0) + 1;
    }
    dropTopology(slice, old);
  },
  validate: validateEndpointSlice,
  validateUpdate: validateEndpointSliceUpdate,
  warningsOnCreate: (slice) => [...(slice.addressType === 'FQDN' ? ['spec.addressType: FQDN endpoints are deprecated'] : []), ...warnings(slice)],
  warningsOnUpdate: (slice) => warnings(slice),
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};
