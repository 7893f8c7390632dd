// The name of a proxy request (pods/<id>/proxy, services/<id>/proxy, nodes/<id>/proxy): `name`,
// `name:port` or `scheme:name:port`, split as apimachinery's SplitSchemeNamePort splits it.

export interface SchemeNamePort {
  /** '', 'http' or 'https'. */
  scheme: string;
  name: string;
  /** '' when not given; a number or a port name otherwise. */
  port: string;
}

const SCHEMES = new Set(['', 'http', 'https']);

/** The parts of `id`, or undefined when it has more than three parts, no name or another scheme. */
export function splitSchemeNamePort(id: string): SchemeNamePort | undefined {
  const parts = id.split(':');
  let parsed: SchemeNamePort;
  if (parts.length === 1) parsed = { scheme: '', name: parts[0]!, port: '' };
  else if (parts.length === 2) parsed = { scheme: '', name: parts[0]!, port: parts[1]! };
  else if (parts.length === 3) parsed = { scheme: parts[0]!, name: parts[1]!, port: parts[2]! };
  else return undefined;
  return parsed.name !== '' && SCHEMES.has(parsed.scheme) ? parsed : undefined;
}

/** host:port as Go's net.JoinHostPort writes it: an IPv6 address in brackets. */
export function joinHostPort(host: string, port: string | number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
