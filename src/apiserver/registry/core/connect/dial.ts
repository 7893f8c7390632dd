// Opens a connection to a backend (a node agent, a pod, a service's endpoint) as Go's dialer and
// TLS client would: the name resolved, TCP connected within the timeout, and for https the TLS
// handshake (client certificate, server checked unless told not to) within Go's 10 s. Failures are
// DialErrors in Go's words; the caller puts Kubernetes' prefix before them. With the egress
// selector's cluster dialer the TCP connection is a tunnel through its proxy instead.
import { lookup } from 'node:dns/promises';
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { DialError, connectErrorText, dialTimeoutText, lookupErrorText, tlsErrorText } from './dial-errors.ts';
import type { ClientTls } from './node-agent-client.ts';
import { joinHostPort } from './scheme-name-port.ts';
import type { EgressDialer } from '../../../egress/selector.ts';

/** net/http's TLSHandshakeTimeout, which Kubernetes' transports keep. */
const TLS_HANDSHAKE_TIMEOUT_MS = 10_000;

export interface DialTarget {
  scheme: 'http' | 'https';
  host: string;
  port: number;
  /** For https; none: the server's certificate is not checked and no certificate is presented. */
  tls?: ClientTls;
  timeoutMs: number;
  /** Aborts the dial (the client went away). */
  signal?: AbortSignal;
  /** The egress selector's cluster dialer; none: connected directly. */
  egress?: EgressDialer;
}

async function resolve(host: string): Promise<string> {
  if (isIP(host)) return host;
  try {
    return (await lookup(host)).address;
  } catch {
    throw new DialError(lookupErrorText(host));
  }
}

function connectTcp(address: string, port: number, hostPort: string, timeoutMs: number, signal?: AbortSignal): Promise<Socket> {
  return new Promise((resolveSocket, reject) => {
    const socket = tcpConnect({ host: address, port });
    const fail = (err: Error) => {
      cleanup();
      socket.destroy();
      reject(err);
    };
    const onError = (err: Error) => fail(new DialError(connectErrorText(err, hostPort)));
    const onAbort = () => fail(new DialError(`dial tcp ${hostPort}: operation was canceled`));
    const timer = setTimeout(() => fail(new DialError(dialTimeoutText(hostPort))), timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      socket.off('error', onError);
      signal?.removeEventListener('abort', onAbort);
    };
    socket.once('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
      cleanup();
      resolveSocket(socket);
    });
  });
}

function handshake(socket: Socket, host: string, tls: ClientTls | undefined, signal?: AbortSignal): Promise<TLSSocket> {
  return new Promise((resolveSocket, reject) => {
    const secure = tlsConnect({
      socket,
      host,
      // SNI carries names only, never an address.
      servername: isIP(host) ? undefined : host,
      ca: tls?.ca,
      cert: tls?.cert,
      key: tls?.key,
      rejectUnauthorized: tls?.verify ?? false,
      ALPNProtocols: ['http/1.1'],
    });
    const fail = (message: string) => {
      cleanup();
      secure.destroy();
      reject(new DialError(message));
    };
    const onError = (err: Error) => fail(tlsErrorText(err, host));
    const onAbort = () => fail('context canceled');
    const timer = setTimeout(() => fail('net/http: TLS handshake timeout'), TLS_HANDSHAKE_TIMEOUT_MS);
    const cleanup = () => {
      clearTimeout(timer);
      secure.off('error', onError);
      signal?.removeEventListener('abort', onAbort);
    };
    secure.once('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    secure.once('secureConnect', () => {
      cleanup();
      resolveSocket(secure);
    });
  });
}

/** The tunnel through the egress proxy, within the dial timeout; the proxy resolves the name. */
function connectThrough(egress: EgressDialer, target: DialTarget): Promise<Socket> {
  const hostPort = joinHostPort(target.host, target.port);
  const timeout = AbortSignal.timeout(target.timeoutMs);
  const signal = target.signal ? AbortSignal.any([target.signal, timeout]) : timeout;
  return egress(target.host, target.port, signal).catch((err: Error) => {
    throw new DialError(timeout.aborted ? dialTimeoutText(hostPort) : err.message);
  });
}

/** A connected (and, for https, secured) socket to the target, or a DialError. */
export async function dial(target: DialTarget): Promise<Socket> {
  if (target.egress) {
    const tunnel = await connectThrough(target.egress, target);
    tunnel.setNoDelay(true);
    return target.scheme === 'https' ? handshake(tunnel, target.host, target.tls, target.signal) : tunnel;
  }
  const address = await resolve(target.host);
  // Go names the address it dialled, a name's resolved address included.
  const socket = await connectTcp(address, target.port, joinHostPort(address, target.port), target.timeoutMs, target.signal);
  socket.setNoDelay(true);
  return target.scheme === 'https' ? handshake(socket, target.host, target.tls, target.signal) : socket;
}
