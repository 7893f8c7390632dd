// The HTTPS endpoint of one simulated node's agent, on the port its Node reports. Only clients with
// a certificate from the client CA get in (the API server, passing on pods/log and the like).
// /containerLogs streams a container's synthetic log; exec, attach, port-forward and run are refused
// with a message saying why; /pods lists the node's pods and /healthz answers ok.
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { klog } from '../component-base/logs/klog.ts';
import type { LogLine } from './container-logs.ts';
import { formatLine, parseLogQuery, selectLines, type LogQuery } from './log-query.ts';
import type { NodePods } from './node-pods.ts';

const log = klog('nodeagent/server');

export interface ServingMaterial {
  certPem: string;
  keyPem: string;
  clientCAPem: string;
}

function text(res: ServerResponse, code: number, body: string): void {
  res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(body);
}

/** The refusal of an interactive session: no process runs in a simulated container. */
export function sessionRefusal(kind: string, nodeName: string): string {
  return `${kind} is not available on node ${nodeName}: its pods are simulated by the orch node agent and run no processes`;
}

const SESSION_KINDS: Record<string, string> = { exec: 'exec', attach: 'attach', portForward: 'port-forward', run: 'run' };

export class AgentServer {
  private readonly pods: NodePods;
  private readonly server: Server;

  constructor(pods: NodePods, tls: ServingMaterial) {
    this.pods = pods;
    this.server = createServer({ cert: tls.certPem, key: tls.keyPem, ca: tls.clientCAPem, requestCert: true, rejectUnauthorized: true }, (req, res) => {
      this.handle(req, res).catch((err) => {
        log.error('Request failed', { path: req.url, err: (err as Error).message });
        if (!res.headersSent) text(res, 500, 'internal error');
        else res.destroy();
      });
    });
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex) => this.refuseUpgrade(req, socket));
    this.server.on('tlsClientError', (err) => log.info('TLS handshake refused', { err: err.message }, 4));
  }

  /** Listens; resolves with the port (useful when asked for 0). */
  listen(address: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, address, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as { port: number }).port);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private get nodeName(): string {
    return this.pods.runtime.nodeName;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://nodeagent');
    const parts = url.pathname.split('/').slice(1).map(decodeURIComponent);
    const kind = SESSION_KINDS[parts[0] ?? ''];
    if (kind) return text(res, 400, sessionRefusal(kind, this.nodeName));
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'method not allowed');
    if (url.pathname === '/healthz') return text(res, 200, 'ok');
    if (url.pathname === '/pods') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ kind: 'PodList', apiVersion: 'v1', metadata: {}, items: this.pods.list().map((sim) => ({ ...sim.pod, status: { ...sim.pod.status, ...sim.status() } })) }));
      return;
    }
    if (parts[0] === 'containerLogs' && parts.length === 4) return this.containerLogs(req, res, parts[1]!, parts[2]!, parts[3]!, url.searchParams);
    text(res, 404, '404 page not found\n');
  }

  private containerLogs(req: IncomingMessage, res: ServerResponse, namespace: string, podName: string, container: string, params: URLSearchParams): void {
    const sim = this.pods.find(namespace, podName);
    if (!sim) return text(res, 404, `pod "${podName}" does not exist`);
    const run = [...sim.initContainers, ...sim.containers].find((c) => c.name === container);
    if (!run) return text(res, 404, `container "${container}" not found in pod "${podName}"`);
    let query: LogQuery;
    try {
      query = parseLogQuery(params, this.pods.runtime.clock.now());
    } catch (err) {
      return text(res, 400, (err as Error).message);
    }
    if (query.previous && !run.last) return text(res, 400, `previous terminated container "${container}" in pod "${podName}" not found`);
    if (!query.previous && !run.hasRun) return text(res, 400, `container "${container}" in pod "${podName}" is waiting to start: ${run.waitingReason}`);
    const instance = this.pods.runtime.logs.instance(sim.uid, container, query.previous);
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    if (!instance) return void res.end();
    let budget = query.limitBytes ?? Infinity;
    /** Writes a line within the byte limit; false once the limit is reached. */
    const send = (line: LogLine): boolean => {
      const chunk = Buffer.from(formatLine(line, query.timestamps));
      if (chunk.length >= budget) {
        res.write(chunk.subarray(0, budget));
        budget = 0;
        return false;
      }
      budget -= chunk.length;
      res.write(chunk);
      return true;
    };
    for (const line of selectLines(instance.lines, query)) {
      if (!send(line)) return void res.end();
    }
    if (!query.follow || instance.ended) return void res.end();
    res.flushHeaders();
    const follower = (line: LogLine | undefined) => {
      if (line === undefined || !send(line)) {
        instance.followers.delete(follower);
        res.end();
      }
    };
    instance.followers.add(follower);
    req.socket.once('close', () => instance.followers.delete(follower));
  }

  /** exec, attach and port-forward arrive as upgrades: refused before any protocol switch. */
  private refuseUpgrade(req: IncomingMessage, socket: Duplex): void {
    const first = new URL(req.url ?? '/', 'https://nodeagent').pathname.split('/')[1] ?? '';
    const message = sessionRefusal(SESSION_KINDS[first] ?? 'this connection', this.nodeName);
    const body = Buffer.from(JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'BadRequest', code: 400 }));
    socket.on('error', () => socket.destroy());
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.toString()}`);
  }
}
