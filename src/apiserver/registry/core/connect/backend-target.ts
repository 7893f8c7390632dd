// Where a connect request goes: scheme, host and port, and how to reach it (TLS settings, dial
// timeout); dialOrUnavailable opens the connection or answers 503 with Kubernetes' wording.
import type { Socket } from 'node:net';
import { serviceUnavailable } from '../../../../machinery/status.ts';
import { dial } from './dial.ts';
import { DialError } from './dial-errors.ts';
import type { ClientTls } from './node-agent-client.ts';
import { joinHostPort } from './scheme-name-port.ts';
import type { EgressDialer } from '../../../egress/selector.ts';

export interface BackendTarget {
  scheme: 'http' | 'https';
  host: string;
  port: number;
  tls?: ClientTls;
  timeoutMs: number;
  /** The egress selector's cluster dialer; none: dialled directly. */
  egress?: EgressDialer;
}

/** scheme://host:port, as a message names the backend. */
export function targetURL(target: BackendTarget, pathAndQuery: string): string {
  return `${target.scheme}://${joinHostPort(target.host, target.port)}${pathAndQuery}`;
}

/** A connection to the target; a failure is a 503 whose message is `prefix` and Go's text. */
export async function dialOrUnavailable(target: BackendTarget, prefix: string, signal?: AbortSignal): Promise<Socket> {
  try {
    return await dial({ ...target, signal });
  } catch (err) {
    if (err instanceof DialError) throw serviceUnavailable(`${prefix}${err.message}`);
    throw err;
  }
}
