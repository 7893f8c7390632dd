// resource.orch.io/v1beta1 to and from the stored v1 form, as Kubernetes converts them. A request
// that sets any of the fields v1 keeps under `exactly` (class, selectors, mode, count, admin
// access, tolerations, capacity) gets an `exactly` with them, even beside firstAvailable, so
// validation reports a request that has both; back in v1beta1 they sit on the request again. A
// device's `basic` holds all of v1's device but its name; a device without it has nothing else.
// Nothing else differs. The results share unchanged parts with their argument.
import type * as v1 from '../../../../api/resource/v1/types.ts';
import type * as v1beta1 from '../../../../api/resource/v1beta1/types.ts';

const EXACT_FIELDS = ['deviceClassName', 'selectors', 'allocationMode', 'count', 'adminAccess', 'tolerations', 'capacity'] as const;

function requestToV1(r: v1beta1.DeviceRequest): v1.DeviceRequest {
  const out: v1.DeviceRequest = { name: r.name };
  // Go's zero values do not count as set: an empty class, mode or a count of 0.
  if (EXACT_FIELDS.some((f) => r[f] !== undefined && r[f] !== '' && r[f] !== 0)) {
    const exactly: Record<string, unknown> = {};
    for (const f of EXACT_FIELDS) if (r[f] !== undefined) exactly[f] = r[f];
    exactly.deviceClassName ??= '';
    out.exactly = exactly as unknown as v1.ExactDeviceRequest;
  }
  if (r.firstAvailable !== undefined) out.firstAvailable = r.firstAvailable;
  return out;
}

function requestFromV1(r: v1.DeviceRequest): v1beta1.DeviceRequest {
  const out: v1beta1.DeviceRequest = { name: r.name };
  if (r.exactly) {
    const exactly = r.exactly as unknown as Record<string, unknown>;
    for (const f of EXACT_FIELDS) if (exactly[f] !== undefined) (out as unknown as Record<string, unknown>)[f] = exactly[f];
  }
  if (r.firstAvailable !== undefined) out.firstAvailable = r.firstAvailable;
  return out;
}

function deviceToV1(d: v1beta1.Device): v1.Device {
  return { name: d.name, ...(d.basic ?? {}) };
}

function deviceFromV1(d: v1.Device): v1beta1.Device {
  const { name, ...basic } = d;
  return { name, basic };
}

function mapRequests<A, B>(spec: { devices?: { requests?: A[] } } | undefined, convert: (r: A) => B): any {
  if (!spec?.devices?.requests) return spec;
  return { ...spec, devices: { ...spec.devices, requests: spec.devices.requests.map(convert) } };
}

export function claimToV1(claim: v1beta1.ResourceClaim): v1.ResourceClaim {
  return { ...claim, spec: mapRequests(claim.spec, requestToV1) };
}

export function claimFromV1(claim: v1.ResourceClaim): v1beta1.ResourceClaim {
  return { ...claim, spec: mapRequests(claim.spec, requestFromV1) };
}

export function claimTemplateToV1(template: v1beta1.ResourceClaimTemplate): v1.ResourceClaimTemplate {
  if (!template.spec) return template as unknown as v1.ResourceClaimTemplate;
  return { ...template, spec: { ...template.spec, spec: mapRequests(template.spec.spec, requestToV1) } };
}

export function claimTemplateFromV1(template: v1.ResourceClaimTemplate): v1beta1.ResourceClaimTemplate {
  if (!template.spec) return template as unknown as v1beta1.ResourceClaimTemplate;
  return { ...template, spec: { ...template.spec, spec: mapRequests(template.spec.spec, requestFromV1) } };
}

export function sliceToV1(slice: v1beta1.ResourceSlice): v1.ResourceSlice {
  if (!slice.spec?.devices) return slice as unknown as v1.ResourceSlice;
  return { ...slice, spec: { ...slice.spec, devices: slice.spec.devices.map(deviceToV1) } };
}

export function sliceFromV1(slice: v1.ResourceSlice): v1beta1.ResourceSlice {
  if (!slice.spec?.devices) return slice as unknown as v1beta1.ResourceSlice;
  return { ...slice, spec: { ...slice.spec, devices: slice.spec.devices.map(deviceFromV1) } };
}
