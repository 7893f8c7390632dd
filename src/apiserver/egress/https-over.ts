// Lets node:https requests go through an egress dialer: a `createConnection` that opens the
// tunnel to the request's own host and port and runs the TLS handshake over it with the request's
// own TLS options (CA, client certificate, server name), so callers keep their TLS settings as
// they are and only gain the option.
import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import type { Duplex } from 'node:stream';
import type { ClientRequestArgs } from 'node:http';
import type { EgressDialer } from './selector.ts';

type Done = (err: Error | null, socket: Duplex) => void;
type CreateConnection = (options: ClientRequestArgs, done: Done) => undefined;

/**
 * Spread last into `https.request` options; an undefined dialer leaves the request as it was. Node
 * calls a request's own createConnection only when the request has no agent, so it takes the agent away.
 */
export function httpsConnectionOver(dial: EgressDialer | undefined): { agent?: undefined; createConnection?: CreateConnection } {
  if (!dial) return {};
  return {
    agent: undefined,
    createConnection(args, done) {
      // The request's options: its TLS settings among them, as node:https passes them to tls.connect.
      const options = args as ConnectionOptions;
      const host = String(options.host ?? 'localhost');
      const port = Number(options.port ?? 443);
      dial(host, port).then(
        (tunnel: Socket) => {
          // Node's request options carry these too; a handshake over a socket must not redial.
          const { host: _h, port: _p, path: _path, ...tls } = options as ConnectionOptions & { path?: unknown };
          const secure = tlsConnect({ ...tls, socket: tunnel, servername: options.servername ?? (isIP(host) ? undefined : host) });
          done(null, secure);
        },
        (err: Error) => done(err, undefined as never),
      );
      return undefined;
    },
  };
}
