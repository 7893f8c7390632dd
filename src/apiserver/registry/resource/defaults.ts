// Kubernetes' defaults of resource.orch.io/v1 that the schema cannot say: a request without an
// allocation mode counts devices, one unless told; a device taint without timeAdded was added
// now (to the second).
import type { DeviceClaim, ExactDeviceRequest, ResourceSliceSpec } from '../../../api/resource/v1/types.ts';

function defaultAsk(ask: ExactDeviceRequest): void {
  ask.allocationMode ||= 'ExactCount';
  if (ask.allocationMode === 'ExactCount' && !ask.count) ask.count = 1;
}

export function defaultDeviceClaim(claim: DeviceClaim | undefined): void {
  for (const request of claim?.requests ?? []) {
    if (request.exactly) defaultAsk(request.exactly);
    for (const alternative of request.firstAvailable ?? []) defaultAsk(alternative);
  }
}

export function defaultResourceSliceSpec(spec: ResourceSliceSpec | undefined, now = new Date()): void {
  const added = new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  for (const device of spec?.devices ?? []) for (const taint of device.taints ?? []) taint.timeAdded ??= added;
}
