// Builds the etcd3 client: TLS from files, a deadline on every unary call, and fault handling
// that never blocks a member for a fixed period: a failed call moves on to the next member at
// once, and a member that comes back is used again on the next call.
import { readFileSync } from 'node:fs';
import { Etcd3, type IOptions } from 'etcd3';
import { isConnectivityError } from './errors.ts';

export interface EtcdClientOptions {
  endpoints: string[];
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  dialTimeoutMs?: number;
  /** Deadline for each unary call (ms). */
  requestTimeoutMs?: number;
}

type FaultHandling = NonNullable<IOptions['faultHandling']>;
type Policy = ReturnType<NonNullable<FaultHandling['host']>>;

/** A policy object with only the `execute` the etcd3 pool calls. */
function policy(execute: (fn: () => Promise<unknown>) => Promise<unknown>): Policy {
  return { execute } as unknown as Policy;
}

/** Calls straight through: a member is never marked broken for a while. Async, so a throw becomes a rejection the pool expects. */
const passThrough = policy(async (fn) => fn());

/** Tries each member once on connectivity errors (the pool hands the next member to each attempt). */
function tryEachMember(members: number): Policy {
  return policy(async (fn) => {
    let lastError: unknown;
    for (let attempt = 0; attempt < Math.max(1, members); attempt++) {
      try {
        return await fn();
      } catch (err) {
        lastError = err;
        if (!isConnectivityError(err)) throw err;
      }
    }
    throw lastError;
  });
}

export function createEtcdClient(opts: EtcdClientOptions): Etcd3 {
  if (opts.endpoints.length === 0) throw new Error('at least one kvstore endpoint is required');
  const tls = opts.caFile || opts.certFile || opts.keyFile;
  if ((opts.certFile && !opts.keyFile) || (opts.keyFile && !opts.certFile)) {
    throw new Error('the kvstore client certificate and key must be given together');
  }
  const requestTimeoutMs = opts.requestTimeoutMs ?? 10_000;
  const options: IOptions = {
    hosts: opts.endpoints,
    dialTimeout: opts.dialTimeoutMs ?? 5_000,
    defaultCallOptions: (context) => (context.isStream ? {} : { deadline: Date.now() + requestTimeoutMs }),
    faultHandling: {
      host: () => passThrough,
      global: tryEachMember(opts.endpoints.length),
    },
    grpcOptions: {
      // Reconnect quickly once a member is back, instead of grpc's long default backoff.
      'grpc.initial_reconnect_backoff_ms': 100,
      'grpc.max_reconnect_backoff_ms': 1000,
      'grpc.keepalive_time_ms': 30_000,
      'grpc.keepalive_timeout_ms': 10_000,
      'grpc.max_receive_message_length': 2 * 1024 * 1024 * 1024 - 1,
    },
  };
  if (tls) {
    options.credentials = {
      rootCertificate: opts.caFile ? readFileSync(opts.caFile) : (undefined as unknown as Buffer),
      privateKey: opts.keyFile ? readFileSync(opts.keyFile) : undefined,
      certChain: opts.certFile ? readFileSync(opts.certFile) : undefined,
    };
  }
  return new Etcd3(options);
}
