// HTTP/1.1 requests that ask to switch protocols (exec, attach and port-forward over SPDY or
// WebSocket) served through the same handler chain as every other request. Node hands such a
// request to the server's 'upgrade' listener with the bare socket instead of a response; here
// it gets an ordinary response on that socket, so that authentication, authorization, audit and
// errors work unchanged, and the socket stays reachable for a handler that takes the connection
// over (upgradeOf). A connection that was answered without being taken over is closed.
import type { IncomingMessage, ServerResponse as ServerResponseType } from 'node:http';
import type { Server } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Handler, Request, Response } from './request-context.ts';
// Not imported: an ESM import of node:http makes Node load its fetch implementation (~50 ms of start).
const { ServerResponse } = process.getBuiltinModule('node:http');

/** The raw connection of an upgrade request: the socket and any bytes read past the header block. */
export interface UpgradeConnection {
  socket: Duplex;
  head: Buffer;
}

const CONNECTIONS = new WeakMap<object, UpgradeConnection>();

/** The raw connection of an HTTP/1.1 upgrade request, or undefined for any other request. */
export function upgradeOf(req: Request): UpgradeConnection | undefined {
  return CONNECTIONS.get(req);
}

/** Routes the server's upgrade requests through `handler`. */
export function serveUpgrades(server: Server, handler: Handler): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets the connection must not take the process down.
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    // Answered without a switch (an error), the connection is not reused: the client asked for
    // another protocol on it.
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Parameters<ServerResponseType['assignSocket']>[0]);
    res.once('finish', () => socket.end());
    CONNECTIONS.set(req, { socket, head });
    void handler(req, res);
  });
}

/** An upgrade request's connection, taken over by its handler. */
export interface TakenOverConnection extends UpgradeConnection {
  /** Reports the exchange over (the response's 'close', which ends-of-request work waits for). */
  finished(statusCode: number): void;
}

/**
 * Takes the connection of an upgrade request away from its response, so that nothing the chain
 * writes later (a shutdown's end) lands in the switched protocol's bytes. Undefined for a request
 * that is not an HTTP/1.1 upgrade.
 */
export function takeOverUpgrade(req: Request, res: Response): TakenOverConnection | undefined {
  const connection = CONNECTIONS.get(req);
  if (!connection || !(res instanceof ServerResponse)) return undefined;
  res.detachSocket(connection.socket as Parameters<ServerResponseType['detachSocket']>[0]);
  let done = false;
  return {
    ...connection,
    finished(statusCode) {
      if (done) return;
      done = true;
      res.statusCode = statusCode;
      res.emit('close');
    },
  };
}
