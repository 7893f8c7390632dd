// Kubernetes' RepackSubsets: subsets of one address and one port each folded into the fewest
// subsets, one per group of addresses offering the same ports. Addresses are the same when their
// IP and target UID are; one not ready for a port stays not ready whatever else says so. The
// result is sorted: addresses by IP then UID, ports and subsets in a fixed order of their own
// (Kubernetes orders those two by a hash of their Go form, which is not reproduced here).
import type { EndpointAddress, EndpointPort, EndpointSubset } from '../../../api/core/v1/endpoints-types.ts';

const NO_PORT = '-';

const addressKey = (a: EndpointAddress) => `${a.ip}\u0000${a.targetRef?.uid ?? ''}`;
const portKey = (p: EndpointPort) => JSON.stringify([p.name ?? '', p.port, p.protocol ?? '', p.appProtocol ?? null]);

function compareAddresses(a: EndpointAddress, b: EndpointAddress): number {
  if (a.ip !== b.ip) return Buffer.compare(Buffer.from(a.ip), Buffer.from(b.ip));
  if (!b.targetRef) return a.targetRef ? 1 : 0;
  if (!a.targetRef) return -1;
  const ua = a.targetRef.uid ?? '';
  const ub = b.targetRef.uid ?? '';
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function repackSubsets(subsets: readonly EndpointSubset[]): EndpointSubset[] {
  const addresses = new Map<string, EndpointAddress>();
  // port key -> the port, and each address offering it with whether it is ready there.
  const byPort = new Map<string, { port: EndpointPort | undefined; ready: Map<string, boolean> }>();
  const note = (addr: EndpointAddress, port: EndpointPort | undefined, ready: boolean) => {
    const key = addressKey(addr);
    if (!addresses.has(key)) addresses.set(key, { ...addr });
    const pk = port ? portKey(port) : NO_PORT;
    let entry = byPort.get(pk);
    if (!entry) byPort.set(pk, (entry = { port, ready: new Map() }));
    const was = entry.ready.get(key);
    if (was === undefined || was) entry.ready.set(key, ready);
  };
  for (const subset of subsets) {
    const ports: Array<EndpointPort | undefined> = subset.ports?.length ? subset.ports : [undefined];
    for (const port of ports) {
      for (const a of subset.addresses ?? []) note(a, port, true);
      for (const a of subset.notReadyAddresses ?? []) note(a, port, false);
    }
  }
  // Group the ports by the exact set of addresses (with readiness) offering them.
  const groups = new Map<string, { ready: Map<string, boolean>; ports: EndpointPort[] }>();
  for (const { port, ready } of byPort.values()) {
    const key = JSON.stringify([...ready].sort(([a], [b]) => compareText(a, b)));
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { ready, ports: [] }));
    if (port) group.ports.push(port);
  }
  const result: EndpointSubset[] = [];
  for (const { ready, ports } of groups.values()) {
    const readyAddrs: EndpointAddress[] = [];
    const notReadyAddrs: EndpointAddress[] = [];
    for (const [key, isReady] of ready) (isReady ? readyAddrs : notReadyAddrs).push(addresses.get(key)!);
    const subset: EndpointSubset = {};
    if (readyAddrs.length) subset.addresses = readyAddrs.sort(compareAddresses);
    if (notReadyAddrs.length) subset.notReadyAddresses = notReadyAddrs.sort(compareAddresses);
    if (ports.length) subset.ports = ports.sort((a, b) => compareText(portKey(a), portKey(b)));
    result.push(subset);
  }
  return result.sort((a, b) => compareText(subsetOrderKey(a), subsetOrderKey(b)));
}

function subsetOrderKey(s: EndpointSubset): string {
  const first = s.addresses?.[0] ?? s.notReadyAddresses?.[0];
  return JSON.stringify([first ? addressKey(first) : '', (s.ports ?? []).map(portKey)]);
}

/** The subsets in a form two equal ones share: empty lists dropped, targets without resourceVersion. */
export function canonicalSubsets(subsets: readonly EndpointSubset[] | undefined): string {
  const addr = (a: EndpointAddress) => ({
    ip: a.ip,
    hostname: a.hostname || undefined,
    nodeName: a.nodeName ?? undefined,
    targetRef: a.targetRef ? { ...a.targetRef, resourceVersion: undefined } : undefined,
  });
  return JSON.stringify((subsets ?? []).map((s) => ({
    addresses: s.addresses?.length ? s.addresses.map(addr) : undefined,
    notReadyAddresses: s.notReadyAddresses?.length ? s.notReadyAddresses.map(addr) : undefined,
    ports: s.ports?.length ? s.ports.map((p) => ({ name: p.name || undefined, port: p.port, protocol: p.protocol ?? 'TCP', appProtocol: p.appProtocol ?? undefined })) : undefined,
  })));
}
