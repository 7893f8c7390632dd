// Open connections of the secure port, so shutdown can close idle HTTP/1.1 connections when the
// listener closes, send HTTP/2 clients GOAWAY, and finally cut whatever is left.
import type { Server, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Http2Session } from 'node:http2';
import type { Request, Response } from '../../component-base/serving/request-context.ts';

export class ConnectionTracker {
  private readonly sockets = new Set<Socket>();
  private readonly tlsSockets = new Set<TLSSocket>();
  private readonly sessions = new Set<Http2Session>();
  /** Requests in progress per HTTP/1.1 socket. */
  private readonly active = new Map<Socket, number>();
  private closing = false;

  attach(server: Server): void {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('secureConnection', (socket: TLSSocket) => {
      this.tlsSockets.add(socket);
      socket.once('close', () => this.tlsSockets.delete(socket));
    });
    server.on('session', (session: Http2Session) => {
      this.sessions.add(session);
      session.once('close', () => this.sessions.delete(session));
      if (this.closing) session.close();
    });
  }

  /** Counts HTTP/1.1 requests per socket; after close starts, a socket is ended once idle. */
  track(req: Request, res: Response): void {
    if ('stream' in req) return;
    const socket = req.socket;
    this.active.set(socket, (this.active.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (this.active.get(socket) ?? 1) - 1;
      if (left > 0) this.active.set(socket, left);
      else this.active.delete(socket);
      if (left <= 0 && this.closing) socket.end();
    });
  }

  /** Listener closed: idle HTTP/1.1 connections end, HTTP/2 sessions get GOAWAY. */
  closeIdle(): void {
    this.closing = true;
    for (const session of this.sessions) if (!session.closed) session.close();
    for (const socket of this.tlsSockets) {
      // HTTP/2 connections are closed through their session; an HTTP/1.1 one only when idle.
      if (socket.alpnProtocol === 'h2') continue;
      if (!this.active.has(socket)) socket.end();
    }
  }

  destroyAll(): void {
    for (const session of this.sessions) session.destroy();
    for (const socket of this.sockets) socket.destroy();
  }
}
