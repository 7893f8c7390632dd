// A connection to host:port through an HTTP CONNECT proxy (a konnectivity server in HTTPConnect
// mode, or any forward proxy): the proxy is reached over TCP, TLS when its URL is https (with the
// client certificate the configuration names), or over a Unix socket; it is asked to CONNECT to
// the destination and, once it answers 200, the socket is the tunnel. Bytes the proxy sent after
// its answer belong to the destination and are put back on the socket.
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { EgressConnection } from './config.ts';

type Proxy = Extract<EgressConnection, { protocol: 'HTTPConnect' }>['proxy'];

/** The answer's head may not grow past this: a proxy that sends more is not speaking HTTP. */
const MAX_HEAD_BYTES = 16 * 1024;

export class EgressDialError extends Error {}

function proxyName(proxy: Proxy): string {
  return proxy.kind === 'uds' ? `unix://${proxy.path}` : proxy.url.host;
}

function openToProxy(proxy: Proxy): Socket {
  if (proxy.kind === 'uds') return netConnect({ path: proxy.path });
  const port = Number(proxy.url.port || (proxy.url.protocol === 'https:' ? 443 : 80));
  // URL keeps brackets around an IPv6 host; the dialer wants the bare address.
  const host = proxy.url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!proxy.tls) return netConnect({ host, port });
  return tlsConnect({ host, port, servername: host, ca: proxy.tls.ca, cert: proxy.tls.cert, key: proxy.tls.key, ALPNProtocols: ['http/1.1'] });
}

/** `host:port` as CONNECT names it (an IPv6 address in brackets). */
function authority(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Opens a tunnel to host:port through the proxy; the socket is connected once the promise settles. */
export function dialThroughProxy(proxy: Proxy, host: string, port: number, signal?: AbortSignal): Promise<Socket> {
  const target = authority(host, port);
  return new Promise((resolve, reject) => {
    const socket = openToProxy(proxy);
    let head = Buffer.alloc(0);
    const fail = (why: string) => {
      cleanup();
      socket.destroy();
      reject(new EgressDialError(`proxy ${proxyName(proxy)} could not connect to ${target}: ${why}`));
    };
    const onError = (err: Error) => fail(err.message);
    const onClose = () => fail('the proxy closed the connection');
    const onAbort = () => fail('operation was canceled');
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > MAX_HEAD_BYTES) fail('the proxy answered with an over-long head');
        return;
      }
      const statusLine = head.subarray(0, head.indexOf('\r\n')).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
      if (status !== '200') {
        fail(`the proxy answered ${JSON.stringify(statusLine)}`);
        return;
      }
      cleanup();
      const rest = head.subarray(end + 4);
      if (rest.length) socket.unshift(rest);
      resolve(socket);
    };
    const cleanup = () => {
      socket.off('error', onError);
      socket.off('close', onClose);
      socket.off('data', onData);
      signal?.removeEventListener('abort', onAbort);
    };
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.on('data', onData);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nUser-Agent: orch-apiserver\r\n\r\n`);
  });
}
