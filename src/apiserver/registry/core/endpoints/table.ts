// The ENDPOINTS column of `kubectl get endpoints`: ip:port for each ready address on each port
// (bare IPs for a subset without ports), the first three shown and the rest counted.
import type { Endpoints } from '../../../../api/core/v1/endpoints-types.ts';

const SHOWN = 3;

function hostPort(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

export function formatEndpoints(ep: Endpoints): string {
  const subsets = ep.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const shown: string[] = [];
  let count = 0;
  const add = (text: string) => {
    if (shown.length < SHOWN) shown.push(text);
  };
  for (const ss of subsets) {
    const addresses = ss.addresses ?? [];
    const ports = ss.ports ?? [];
    if (ports.length === 0) {
      count += addresses.length;
      for (const a of addresses) add(a.ip);
      continue;
    }
    for (const p of ports) {
      count += addresses.length;
      for (const a of addresses) add(hostPort(a.ip, p.port));
    }
  }
  const text = shown.join(',');
  return count > SHOWN ? `${text} + ${count - SHOWN} more...` : text;
}
