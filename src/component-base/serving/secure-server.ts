// The HTTPS server: HTTP/2 and HTTP/1.1 chosen by ALPN (HTTP/1.1 only with
// --disable-http2-serving), the default certificate plus SNI certificates, and the TLS settings.
// Header blocks are read up to the size Kubernetes reads (1 MiB); a larger one is refused alone:
// HTTP/1.1 with a 431 Status, an HTTP/2 stream with RST_STREAM while its connection goes on.
import { createServer as createHttpsServer } from 'node:https';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { serveHttp2Streams } from './http2-exchange.ts';
import { answerClientErrors, MAX_HEADER_BYTES } from './client-errors.ts';
import { serveUpgrades } from './upgrade-requests.ts';
import type { Server } from 'node:net';
import type { SecureContextOptions } from 'node:tls';
import type { CertKeyPair } from '../certs/self-signed.ts';
import { sniCallback, type NamedCertKey } from '../certs/sni.ts';
import type { TlsSettings } from './tls-options.ts';
import type { Handler } from './request-context.ts';

export interface SecureServerOptions {
  pair: CertKeyPair;
  sniCerts: NamedCertKey[];
  tls: TlsSettings;
  http2: boolean;
  /** 0: the implementation's default. */
  maxStreamsPerConnection: number;
}

/**
 * The header list an HTTP/2 stream may carry, as Go's server advertises it (the HTTP/1.1 limit
 * plus the 32-byte per-field overhead of ten typical fields); nghttp2 resets a stream over it
 * with ENHANCE_YOUR_CALM and keeps the connection. Frames may be as large as Go reads (1 MiB), so
 * that a header block under the limit never needs the run of CONTINUATION frames that nghttp2
 * treats as a flood and answers by closing the connection.
 */
const HTTP2_HEADER_SETTINGS = { maxHeaderListSize: MAX_HEADER_BYTES + 10 * 32, maxFrameSize: 1 << 20 };

export function createSecureHttpServer(opts: SecureServerOptions, handler: Handler): Server {
  const tlsOptions: SecureContextOptions = { minVersion: opts.tls.minVersion };
  if (opts.tls.ciphers) tlsOptions.ciphers = opts.tls.ciphers;
  // A client certificate is asked for (its authorities named in the request) but never required
  // at the handshake: authenticators verify it and answer 401, as Kubernetes does.
  if (opts.tls.clientCA) tlsOptions.ca = opts.tls.clientCA;
  const clientCert = opts.tls.clientCA ? { requestCert: true, rejectUnauthorized: false } : {};
  const common = {
    ...tlsOptions,
    ...clientCert,
    cert: opts.pair.cert,
    key: opts.pair.key,
    // The operator's cipher order wins, as Go's PreferServerCipherSuites did.
    honorCipherOrder: Boolean(opts.tls.ciphers),
    SNICallback: opts.sniCerts.length ? sniCallback(opts.sniCerts, tlsOptions) : undefined,
  };
  const onRequest = (req: Parameters<Handler>[0], res: Parameters<Handler>[1]) => void handler(req, res);
  if (!opts.http2) {
    const https = createHttpsServer({ ...common, ALPNProtocols: ['http/1.1'], maxHeaderSize: MAX_HEADER_BYTES }, onRequest);
    answerClientErrors(https);
    serveUpgrades(https, onRequest);
    return https;
  }
  const settings = {
    ...(opts.maxStreamsPerConnection > 0 ? { maxConcurrentStreams: opts.maxStreamsPerConnection } : {}),
    ...HTTP2_HEADER_SETTINGS,
  };
  const server = createSecureServer({ ...common, allowHTTP1: true, settings });
  // HTTP/1.1 connections of this server are parsed by Node's HTTP/1.1 server code, which reads
  // its limit from the server object rather than from these options.
  (server as typeof server & { maxHeaderSize: number }).maxHeaderSize = MAX_HEADER_BYTES;
  answerClientErrors(server);
  // HTTP/1.1 connections (allowHTTP1) arrive as 'request' events; HTTP/2 streams are served directly.
  server.on('request', onRequest as unknown as (req: Http2ServerRequest, res: Http2ServerResponse) => void);
  serveHttp2Streams(server, onRequest);
  // HTTP/1.1 requests to switch protocols (exec, attach, port-forward) come as 'upgrade' events.
  serveUpgrades(server, onRequest);
  return server;
}
