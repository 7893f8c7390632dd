// Why an allocator could not give a value, worded as Kubernetes' ipallocator and portallocator
// errors are: these texts end up in the 422 a client sees.
export type AllocationErrorReason = 'Allocated' | 'NotInRange' | 'Full' | 'NotReady';

export class AllocationError extends Error {
  readonly reason: AllocationErrorReason;
  constructor(reason: AllocationErrorReason, message: string) {
    super(message);
    this.name = 'AllocationError';
    this.reason = reason;
  }
}

export function ipAllocated(): AllocationError {
  return new AllocationError('Allocated', 'provided IP is already allocated');
}

export function ipNotInRange(ip: string, cidr: string): AllocationError {
  return new AllocationError('NotInRange', `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${cidr}`);
}

export function portAllocated(): AllocationError {
  return new AllocationError('Allocated', 'provided port is already allocated');
}

export function portNotInRange(range: string): AllocationError {
  return new AllocationError('NotInRange', `provided port is not in the valid range. The range of valid ports is ${range}`);
}

export function rangeFull(): AllocationError {
  return new AllocationError('Full', 'range is full');
}

/** The stored range does not exist yet: the repair creates it at start-up. */
export function rangeNotReady(resource: string): AllocationError {
  return new AllocationError('NotReady', `cannot allocate resources of type ${resource} at this time`);
}

export function isAllocationError(err: unknown, reason?: AllocationErrorReason): err is AllocationError {
  return err instanceof AllocationError && (reason === undefined || err.reason === reason);
}
