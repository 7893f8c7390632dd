// An HTTP CONNECT proxy for tests, on TCP (127.0.0.1, port 0) or a Unix socket: each CONNECT
// opens a tunnel to the named host and port and is recorded, so a test can tell which
// connections went through it.
import { connect as netConnect, createServer, type Server, type Socket } from 'node:net';

export interface ConnectProxy {
  /** http://127.0.0.1:<port>, or the socket path for a Unix socket proxy. */
  address: string;
  /** host:port of every tunnel opened, in order. */
  tunnels: string[];
  close(): Promise<void>;
}

function serveConnect(client: Socket, tunnels: string[]): void {
  let head = '';
  const onData = (chunk: Buffer) => {
    head += chunk.toString('latin1');
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    client.off('data', onData);
    const [method, target] = head.slice(0, head.indexOf('\r\n')).split(' ');
    const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target ?? '');
    if (method !== 'CONNECT' || !match) {
      client.end('HTTP/1.1 405 Method Not Allowed\r\n\r\n');
      return;
    }
    const upstream = netConnect({ host: match[1], port: Number(match[2]) });
    upstream.once('connect', () => {
      tunnels.push(target!);
      client.write('HTTP/1.1 200 Connection established\r\n\r\n');
      const rest = Buffer.from(head.slice(end + 4), 'latin1');
      if (rest.length) upstream.write(rest);
      client.pipe(upstream).pipe(client);
    });
    upstream.once('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    client.on('error', () => upstream.destroy());
  };
  client.on('data', onData);
}

export async function startConnectProxy(socketPath?: string): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    serveConnect(client, tunnels);
  });
  await new Promise<void>((resolve) => (socketPath ? server.listen(socketPath, resolve) : server.listen(0, '127.0.0.1', resolve)));
  const address = socketPath ?? `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    address,
    tunnels,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
