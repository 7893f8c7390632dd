// Slice endpoints keyed as Kubernetes' EndpointSet keys them (the sorted addresses, the hostname
// and the pod named by the target), and the groups of slices that share one set of ports. An
// endpoint found under its key but different beyond it must be written again.
import type { Endpoint, EndpointPort, EndpointSlice } from '../../../../api/discovery/v1/types.ts';

export function endpointKey(ep: Endpoint): string {
  return JSON.stringify([[...(ep.addresses ?? [])].sort(), ep.hostname ?? '', ep.targetRef?.namespace ?? '', ep.targetRef?.name ?? '']);
}

/** Desired endpoints by key, in the order they were added. */
export class EndpointSet {
  private readonly items = new Map<string, Endpoint>();

  insert(ep: Endpoint): void {
    this.items.set(endpointKey(ep), ep);
  }

  get(ep: Endpoint): Endpoint | undefined {
    return this.items.get(endpointKey(ep));
  }

  delete(ep: Endpoint): void {
    this.items.delete(endpointKey(ep));
  }

  get size(): number {
    return this.items.size;
  }

  /** Takes the first endpoint out. */
  pop(): Endpoint | undefined {
    const first = this.items.entries().next();
    if (first.done) return undefined;
    this.items.delete(first.value[0]);
    return first.value[1];
  }
}

const sameOptional = <T>(a: T | undefined | null, b: T | undefined | null) => (a ?? undefined) === (b ?? undefined);

/** Whether two endpoints with the same key are the same beyond it (the target's resourceVersion aside). */
export function endpointsEqualBeyondKey(a: Endpoint, b: Endpoint): boolean {
  if (!sameOptional(a.nodeName, b.nodeName) || !sameOptional(a.zone, b.zone)) return false;
  const ca = a.conditions ?? {};
  const cb = b.conditions ?? {};
  if (!sameOptional(ca.ready, cb.ready) || !sameOptional(ca.serving, cb.serving) || !sameOptional(ca.terminating, cb.terminating)) return false;
  if (JSON.stringify(a.hints ?? null) !== JSON.stringify(b.hints ?? null)) return false;
  const ra = a.targetRef;
  const rb = b.targetRef;
  if (!ra || !rb) return !ra && !rb;
  return sameOptional(ra.kind, rb.kind) && sameOptional(ra.namespace, rb.namespace) && sameOptional(ra.name, rb.name)
    && sameOptional(ra.uid, rb.uid) && sameOptional(ra.apiVersion, rb.apiVersion) && sameOptional(ra.fieldPath, rb.fieldPath);
}

/** One port as the key of its group sees it: the defaults the server gives a slice's ports applied. */
function portKey(p: EndpointPort): string {
  return JSON.stringify([p.name ?? '', p.port ?? null, p.protocol ?? 'TCP', p.appProtocol ?? null]);
}

/** The key of a set of ports, whatever their order. */
export function portMapKey(ports: readonly EndpointPort[] | null | undefined): string {
  return JSON.stringify((ports ?? []).map(portKey).sort());
}

/** Slices grouped by their ports' key (and address type when asked). */
export function slicesByPortMap(slices: readonly EndpointSlice[], withAddressType = false): Map<string, EndpointSlice[]> {
  const groups = new Map<string, EndpointSlice[]>();
  for (const slice of slices) {
    const key = withAddressType ? `${slice.addressType}${portMapKey(slice.ports)}` : portMapKey(slice.ports);
    const group = groups.get(key);
    if (group) group.push(slice);
    else groups.set(key, [slice]);
  }
  return groups;
}
