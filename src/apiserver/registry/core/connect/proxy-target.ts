// Targets of pods' and services' proxies (and of a node proxy to a port other than the agent's):
// plain HTTP, or HTTPS without checking the backend's certificate (pods and endpoints are
// addressed by IP, so no name could be checked), dialled with Go's default 30 s timeout.
import { serviceUnavailable } from '../../../../machinery/status.ts';
import type { BackendTarget } from './backend-target.ts';

const PROXY_DIAL_TIMEOUT_MS = 30_000;

/** A port given as text: a number, else the error Go's dialer gives for an unknown service name. */
export function numericPort(port: string): number {
  if (/^\d+$/.test(port) && Number(port) <= 65535) return Number(port);
  throw serviceUnavailable(`dial tcp: lookup tcp/${port}: unknown port`);
}

/** `port` '' means the scheme's default port. */
export function proxyTarget(scheme: string, host: string, port: string): BackendTarget {
  const https = scheme === 'https';
  return {
    scheme: https ? 'https' : 'http',
    host,
    port: port === '' ? (https ? 443 : 80) : numericPort(port),
    tls: https ? { verify: false } : undefined,
    timeoutMs: PROXY_DIAL_TIMEOUT_MS,
  };
}
