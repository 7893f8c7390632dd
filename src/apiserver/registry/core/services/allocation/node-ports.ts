// A node port plan carried out against the stored bitmap in one compare-and-swap, its results
// written into the service, and failures worded as Kubernetes words them: a port asked for that is
// taken or out of range is a 422 on spec.ports[i].nodePort; a full range, and any health check
// port failure, a 500.
import type { Service } from '../../../../../api/core/v1/service-types.ts';
import { internalError } from '../../../../../machinery/status.ts';
import { invalid, invalidObject } from '../../../../../machinery/validation/field-error.ts';
import { AllocationError, isAllocationError, portAllocated, portNotInRange, rangeFull } from './allocation-errors.ts';
import type { NodePortAllocator } from './node-port-allocator.ts';
import type { NodePortPlan, PortRequest, PortValue } from './node-port-plan.ts';
import type { PortBitmap } from './port-bitmap.ts';

class RequestRefused extends Error {
  readonly request: PortRequest;
  readonly refusal: AllocationError;
  constructor(request: PortRequest, refusal: AllocationError) {
    super(refusal.message);
    this.request = request;
    this.refusal = refusal;
  }
}

/** Meets every request on `bitmap`, or throws RequestRefused for the first it cannot meet. */
function take(bitmap: PortBitmap, requests: readonly PortRequest[], rangeText: string): Map<PortValue, number> {
  const got = new Map<PortValue, number>();
  for (const req of requests) {
    const { value } = req;
    if (typeof value === 'number') {
      if (!bitmap.inRange(value)) throw new RequestRefused(req, portNotInRange(rangeText));
      if (bitmap.has(value)) throw new RequestRefused(req, portAllocated());
      bitmap.set(value);
      got.set(value, value);
    } else {
      const port = bitmap.pickFree();
      if (port === undefined) throw new RequestRefused(req, rangeFull());
      bitmap.set(port);
      got.set(value, port);
    }
  }
  return got;
}

function refusal(svc: Service, err: RequestRefused): Error {
  const { request, refusal: cause } = err;
  if (request.target === 'healthCheck') {
    return typeof request.value === 'number'
      ? internalError(`failed to allocate requested HealthCheck NodePort ${request.value}: ${cause.message}`)
      : internalError(`failed to allocate a HealthCheck NodePort 0: ${cause.message}`);
  }
  if (typeof request.value !== 'number') return internalError(`failed to allocate a nodePort: ${cause.message}`);
  return invalidObject({ group: '', kind: 'Service' }, svc.metadata.name ?? '', [invalid(`spec.ports[${request.target}].nodePort`, request.value, cause.message)]);
}

/** Takes what the plan asks for and fills the service's node ports; answers the ports taken (none under dryRun). */
export async function takeNodePorts(svc: Service, plan: NodePortPlan, allocator: NodePortAllocator, dryRun: boolean): Promise<number[]> {
  if (plan.requests.length === 0) {
    fill(svc, plan, new Map());
    return [];
  }
  let got: Map<PortValue, number>;
  try {
    if (dryRun) {
      const { bitmap } = await allocator.read();
      got = take(bitmap, plan.requests, allocator.rangeText);
    } else {
      got = await allocator.apply((bitmap) => take(bitmap, plan.requests, allocator.rangeText));
    }
  } catch (err) {
    if (err instanceof RequestRefused) throw refusal(svc, err);
    if (isAllocationError(err)) throw internalError(`failed to allocate a nodePort: ${err.message}`);
    throw err;
  }
  fill(svc, plan, got);
  return dryRun ? [] : [...got.values()];
}

function fill(svc: Service, plan: NodePortPlan, got: Map<PortValue, number>): void {
  const resolve = (v: PortValue) => (typeof v === 'number' ? v : got.get(v)!);
  const ports = svc.spec?.ports ?? [];
  for (const [i, value] of plan.assign) ports[i]!.nodePort = resolve(value);
  if (plan.healthCheck !== undefined) svc.spec!.healthCheckNodePort = resolve(plan.healthCheck);
}

/** Gives ports back in one write. */
export async function releaseNodePorts(ports: readonly number[], allocator: NodePortAllocator): Promise<void> {
  if (ports.length === 0) return;
  await allocator.apply((bitmap) => {
    for (const p of ports) bitmap.clear(p);
  });
}
