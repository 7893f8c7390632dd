// The egress selector: for each kind of destination, the dialer its connections go through. A
// Direct selection (or one the configuration does not name) has no dialer, and callers connect
// as they always do; an HTTPConnect selection dials through its proxy.
import type { Socket } from 'node:net';
import { loadEgressConfig, type EgressConfig, type EgressSelectionName } from './config.ts';
import { dialThroughProxy } from './http-connect.ts';

/** Opens a plain TCP connection (or tunnel) to host:port; TLS to the destination is the caller's. */
export type EgressDialer = (host: string, port: number, signal?: AbortSignal) => Promise<Socket>;

export interface EgressSelector {
  /** The dialer of a selection; undefined means dial directly. */
  dialer(name: EgressSelectionName): EgressDialer | undefined;
  /** How a selection connects, for start-up messages. */
  describe(name: EgressSelectionName): string;
}

export function egressSelector(config: EgressConfig): EgressSelector {
  const dialers = new Map<EgressSelectionName, EgressDialer>();
  for (const [name, conn] of config) {
    if (conn.protocol === 'HTTPConnect') dialers.set(name, (host, port, signal) => dialThroughProxy(conn.proxy, host, port, signal));
  }
  return {
    dialer: (name) => dialers.get(name),
    describe(name) {
      const conn = config.get(name);
      if (conn?.protocol !== 'HTTPConnect') return 'Direct';
      return `HTTPConnect via ${conn.proxy.kind === 'uds' ? `unix://${conn.proxy.path}` : conn.proxy.url.origin}`;
    },
  };
}

/** The selector of --egress-selector-config-file; every selection Direct when none is given. */
export function loadEgressSelector(file: string): EgressSelector {
  return egressSelector(file ? loadEgressConfig(file) : new Map());
}

/**
 * The etcd selection can only be Direct: the etcd client (etcd3 over @grpc/grpc-js) opens its own
 * connections and takes no dialer, so a proxy named for it would be silently bypassed. Refused at
 * start when the server stores in etcd; with the embedded store there is no etcd to reach.
 */
export function checkEtcdSelection(selector: EgressSelector, usesEtcd: boolean): void {
  if (usesEtcd && selector.dialer('etcd')) {
    throw new Error(`egress selection "etcd" (${selector.describe('etcd')}) is not supported: the etcd client cannot dial through a proxy; use "Direct" for etcd`);
  }
}
