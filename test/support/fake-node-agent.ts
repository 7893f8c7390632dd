// A small node agent for tests of pods' log, exec and attach and nodes' proxy: HTTPS with a
// serving certificate from a test CA, demanding a client certificate from another (it records the
// name each request presents), serving a few log lines at /containerLogs/<ns>/<pod>/<container>
// (and one more line every 50 ms while following), "ok" at /healthz, and exec and attach as
// WebSocket connections of the v5.channel.k8s.io protocol whose command prints one line and
// succeeds. A SPDY upgrade is switched and echoed, for tests that look at the raw bytes.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';

export interface FakeNodeAgent {
  host: string;
  port: number;
  /** Common names of the client certificates presented, request by request. */
  clients: string[];
  /** Path and query of each request, in order. */
  requests: string[];
  close(): Promise<void>;
}

export interface FakeNodeAgentOptions {
  /** Address to listen on; 127.0.0.1 by default. */
  host?: string;
  serving: { certPem: string; keyPem: string };
  /** The authority client certificates must be signed by. */
  clientCA: string;
  logLines?: string[];
}

const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const STDOUT = 1;
const ERROR = 3;

/** One unmasked binary frame (server to client) carrying `data` on channel `channel`. */
function channelFrame(channel: number, data: string): Buffer {
  const payload = Buffer.concat([Buffer.from([channel]), Buffer.from(data)]);
  const header = payload.length < 126 ? Buffer.from([0x82, payload.length]) : Buffer.from([0x82, 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([header, payload]);
}

function closeFrame(): Buffer {
  return Buffer.from([0x88, 0x02, 0x03, 0xe8]);
}

function serveLogs(req: IncomingMessage, res: ServerResponse, url: URL, lines: string[]): void {
  const [, , , , container] = url.pathname.split('/');
  if (container === 'missing') {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('container "missing" not found in pod');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  for (const line of lines) res.write(`${line}\n`);
  if (url.searchParams.get('follow') !== 'true') {
    res.end();
    return;
  }
  let n = 0;
  const timer = setInterval(() => res.write(`follow ${++n}\n`), 50);
  req.socket.once('close', () => clearInterval(timer));
}

/** exec or attach over WebSocket: the command's words on stdout, then success, then close. */
function serveWebSocket(req: IncomingMessage, socket: Duplex, url: URL): void {
  const offered = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const protocol = offered.find((p) => p === 'v5.channel.k8s.io') ?? offered.find((p) => p === 'v4.channel.k8s.io');
  if (!protocol) {
    socket.end('HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nno supported protocol');
    return;
  }
  const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}${WEBSOCKET_GUID}`).digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: ${protocol}\r\n\r\n`);
  // What the client sends (its close frame) is read and dropped, so that its hang-up is seen.
  socket.resume();
  const words = url.searchParams.getAll('command');
  socket.write(channelFrame(STDOUT, `agent ran: ${words.join(' ') || '(attach)'}\n`));
  socket.write(channelFrame(ERROR, JSON.stringify({ metadata: {}, status: 'Success' })));
  socket.write(closeFrame());
  setTimeout(() => socket.end(), 50);
}

export async function startFakeNodeAgent(opts: FakeNodeAgentOptions): Promise<FakeNodeAgent> {
  const clients: string[] = [];
  const requests: string[] = [];
  const lines = opts.logLines ?? ['first line', 'second line', 'third line'];
  const record = (req: IncomingMessage) => {
    requests.push(req.url ?? '');
    const cert = (req.socket as TLSSocket).getPeerCertificate();
    const cn = cert?.subject?.CN ?? '';
    clients.push(Array.isArray(cn) ? cn.join(',') : cn);
  };
  const server: Server = createServer({ cert: opts.serving.certPem, key: opts.serving.keyPem, ca: opts.clientCA, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    record(req);
    const url = new URL(req.url ?? '/', 'https://agent');
    if (req.method === 'GET' && url.pathname.startsWith('/containerLogs/')) return serveLogs(req, res, url, lines);
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('ok');
      return;
    }
    if (/^\/(exec|attach|portForward)\//.test(url.pathname)) {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end('Upgrade request required');
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('404 page not found\n');
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    record(req);
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'https://agent');
    if (String(req.headers.upgrade).toLowerCase() === 'websocket') return serveWebSocket(req, socket, url);
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: ${req.headers.upgrade}\r\nConnection: Upgrade\r\n\r\n`);
    if (head.length) socket.write(head);
    socket.pipe(socket);
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  return {
    host,
    port: (server.address() as { port: number }).port,
    clients,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
