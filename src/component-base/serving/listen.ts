// Binding the secure port: blank, 0.0.0.0 and :: mean every interface of both address families;
// SO_REUSEPORT with --permit-port-sharing. A failure is one clear line.
import type { Server } from 'node:net';

export interface ListenOptions {
  bindAddress: string;
  port: number;
  reusePort: boolean;
}

function isUnspecified(address: string): boolean {
  return address === '' || address === '0.0.0.0' || address === '::' || address === '[::]';
}

function listenOnce(server: Server, host: string, port: number, reusePort: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ host, port, reusePort, ipv6Only: false, exclusive: !reusePort });
  });
}

function describe(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'EADDRINUSE':
      return 'address already in use';
    case 'EACCES':
      return 'permission denied';
    case 'EADDRNOTAVAIL':
      return 'cannot assign requested address (not an address of this host)';
    default:
      return err.message;
  }
}

export async function listenSecurePort(server: Server, opts: ListenOptions): Promise<void> {
  const shown = `${opts.bindAddress.includes(':') ? `[${opts.bindAddress}]` : opts.bindAddress || '0.0.0.0'}:${opts.port}`;
  if (isUnspecified(opts.bindAddress)) {
    try {
      // '::' without ipv6Only accepts IPv4 too, so one socket covers both families.
      await listenOnce(server, '::', opts.port, opts.reusePort);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL') throw new Error(`failed to listen on ${shown}: ${describe(err as NodeJS.ErrnoException)}`);
    }
    try {
      await listenOnce(server, '0.0.0.0', opts.port, opts.reusePort);
      return;
    } catch (err) {
      throw new Error(`failed to listen on ${shown}: ${describe(err as NodeJS.ErrnoException)}`);
    }
  }
  try {
    await listenOnce(server, opts.bindAddress.replace(/^\[|\]$/g, ''), opts.port, opts.reusePort);
  } catch (err) {
    throw new Error(`failed to listen on ${shown}: ${describe(err as NodeJS.ErrnoException)}`);
  }
}
