// Types a Lease body: integer fields are int32, times are MicroTime (normalised to microseconds).
import type { Lease } from '../../../../api/coordination/v1/types.ts';
import { normalizeMicroTime, TimeParseError } from '../../../../api/meta/v1/time.ts';
import { badRequest } from '../../../../machinery/status.ts';
import type { ApiObject } from '../../../../storage/interface.ts';

const CANNOT = 'Lease in version "v1" cannot be handled as a Lease';

function goType(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

export function decodeLease(raw: ApiObject): Lease {
  const lease = raw as Lease;
  if (lease.spec === undefined || lease.spec === null) return lease;
  if (typeof lease.spec !== 'object' || Array.isArray(lease.spec)) {
    throw badRequest(`${CANNOT}: json: cannot unmarshal ${goType(lease.spec)} into Go struct field Lease.spec of type v1.LeaseSpec`);
  }
  const spec = lease.spec as Record<string, unknown>;
  for (const f of ['holderIdentity', 'strategy', 'preferredHolder']) {
    const v = spec[f];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      throw badRequest(`${CANNOT}: json: cannot unmarshal ${goType(v)} into Go struct field LeaseSpec.spec.${f} of type string`);
    }
  }
  for (const f of ['leaseDurationSeconds', 'leaseTransitions']) {
    const v = spec[f];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v > 2 ** 31 - 1 || v < -(2 ** 31)) {
      throw badRequest(`${CANNOT}: json: cannot unmarshal ${typeof v === 'number' ? `number ${v}` : goType(v)} into Go struct field LeaseSpec.spec.${f} of type int32`);
    }
  }
  for (const f of ['acquireTime', 'renewTime']) {
    const v = spec[f];
    if (v === undefined) continue;
    if (v !== null && typeof v !== 'string') throw badRequest(`${CANNOT}: json: cannot unmarshal ${goType(v)} into Go struct field LeaseSpec.spec.${f} of type string`);
    try {
      const t = normalizeMicroTime(v as string | null);
      if (t === null) delete spec[f];
      else spec[f] = t;
    } catch (err) {
      if (err instanceof TimeParseError) throw badRequest(`${CANNOT}: ${err.message}`);
      throw err;
    }
  }
  return lease;
}
