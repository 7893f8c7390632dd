// The request headers passed on to a backend: the client's own, without its credentials (the
// server has authenticated it; Kubernetes' filters delete Authorization and the Impersonate-*
// headers before a request is proxied), without HTTP/2 pseudo-headers and, unless the connection
// switches protocols, without the hop-by-hop ones; the backend's Host; the client's address
// appended to X-Forwarded-For.
import type { Request } from '../../../../component-base/serving/request-context.ts';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function isCredential(name: string): boolean {
  return name === 'authorization' || name.startsWith('impersonate-');
}

/** Header name/value pairs in the client's order and spelling. */
export function forwardedHeaders(req: Request, hostPort: string, switching: boolean): Array<[string, string]> {
  const raw = req.rawHeaders;
  const out: Array<[string, string]> = [['Host', hostPort]];
  // Connection may name further hop-by-hop headers.
  const named = new Set(String(req.headers.connection ?? '').toLowerCase().split(',').map((s) => s.trim()).filter(Boolean));
  let forwardedFor = '';
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    const value = raw[i + 1]!;
    if (lower.startsWith(':') || lower === 'host' || isCredential(lower)) continue;
    if (!switching && (HOP_BY_HOP.has(lower) || named.has(lower))) continue;
    if (lower === 'x-forwarded-for') {
      forwardedFor = forwardedFor ? `${forwardedFor}, ${value}` : value;
      continue;
    }
    out.push([name, value]);
  }
  const client = req.socket?.remoteAddress ?? '';
  if (client) out.push(['X-Forwarded-For', forwardedFor ? `${forwardedFor}, ${client}` : client]);
  else if (forwardedFor) out.push(['X-Forwarded-For', forwardedFor]);
  return out;
}

/** Response headers a proxy does not pass back (hop-by-hop). */
export function isHopByHopResponseHeader(name: string): boolean {
  return HOP_BY_HOP.has(name.toLowerCase());
}
