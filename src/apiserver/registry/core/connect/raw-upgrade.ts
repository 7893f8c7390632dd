// Passes an upgrade request (exec, attach, port-forward; a WebSocket through a proxy) on to a
// backend and then joins the two connections byte for byte, whatever protocol they switch to
// (SPDY/3.1, WebSocket channel.k8s.io): the request head is written to the backend, and the
// backend's answer, 101 or an error, reaches the client as the backend wrote it. Until the
// backend has said anything the exchange is still the server's: a backend that fails or hangs up
// then is answered with a 503 Status.
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { serviceUnavailable } from '../../../../machinery/status.ts';
import type { TakenOverConnection } from '../../../../component-base/serving/upgrade-requests.ts';
import { tlsErrorText } from './dial-errors.ts';

export interface RawUpgrade {
  method: string;
  /** Path and query on the backend. */
  path: string;
  headers: Array<[string, string]>;
  /** Bytes the client sent past its request head: the start of the switched protocol. */
  head: Buffer;
  /** The backend's host, for messages about its certificate. */
  host: string;
  signal?: AbortSignal;
}

function requestHead(upgrade: RawUpgrade): string {
  let head = `${upgrade.method} ${upgrade.path} HTTP/1.1\r\n`;
  for (const [name, value] of upgrade.headers) head += `${name}: ${value}\r\n`;
  return `${head}\r\n`;
}

/** The status code of the backend's first bytes (`HTTP/1.1 101 Switching Protocols`), 0 when unreadable. */
export function responseStatus(first: Buffer): number {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(first.subarray(0, 16).toString('latin1'));
  return m ? Number(m[1]) : 0;
}

/** The backend's first bytes, or a 503 when it fails or closes before sending any. */
function firstBytes(backend: Socket, host: string, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      backend.off('data', onData);
      backend.off('error', onError);
      backend.off('close', onClose);
      signal?.removeEventListener('abort', onAbort);
    };
    const onData = (chunk: Buffer) => {
      cleanup();
      backend.pause();
      resolve(chunk);
    };
    const onError = (err: Error) => {
      cleanup();
      backend.destroy();
      reject(serviceUnavailable(tlsErrorText(err, host)));
    };
    const onClose = () => {
      cleanup();
      reject(serviceUnavailable('EOF'));
    };
    const onAbort = () => {
      cleanup();
      backend.destroy();
      reject(serviceUnavailable('context canceled'));
    };
    backend.on('data', onData);
    backend.once('error', onError);
    backend.once('close', onClose);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** How long a connection whose peer has gone may take to finish writing before it is cut. */
const CLOSE_GRACE_MS = 10_000;

/** Joins two connections until both are closed; one side's end ends the other once it has written all. */
function join(a: Duplex, b: Duplex, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let closed = 0;
    const destroyBoth = () => {
      a.destroy();
      b.destroy();
    };
    const onClose = (other: Duplex) => (hadError: boolean) => {
      if (hadError) other.destroy();
      else if (!other.destroyed) {
        other.end();
        setTimeout(() => other.destroy(), CLOSE_GRACE_MS).unref();
      }
      if (++closed === 2) {
        signal?.removeEventListener('abort', destroyBoth);
        resolve();
      }
    };
    a.once('close', onClose(b));
    b.once('close', onClose(a));
    a.on('error', destroyBoth);
    b.on('error', destroyBoth);
    signal?.addEventListener('abort', destroyBoth, { once: true });
    a.pipe(b);
    b.pipe(a);
    b.resume();
  });
}

/**
 * Sends the upgrade request over `backend` and, once the backend answers, hands the client's
 * connection to it. Resolves when both connections are closed.
 */
export async function passUpgrade(upgrade: RawUpgrade, backend: Socket, takeOver: () => TakenOverConnection): Promise<void> {
  backend.on('error', () => undefined);
  backend.write(requestHead(upgrade));
  if (upgrade.head.length) backend.write(upgrade.head);
  let first: Buffer;
  try {
    first = await firstBytes(backend, upgrade.host, upgrade.signal);
  } catch (err) {
    backend.destroy();
    throw err;
  }
  const client = takeOver();
  const status = responseStatus(first);
  client.socket.write(first);
  await join(client.socket, backend, upgrade.signal);
  client.finished(status);
}
