// Answers for HTTP/1.1 requests that Node's parser refuses before any handler sees them (a header
// block over the limit, a malformed header, a request too slow to arrive): a Kubernetes Status
// body with the status Node would have sent bare, so clients read the reason as they read any
// other error. The connection is closed afterwards; its parser state is lost.
import type { Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { badRequest, requestEntityTooLarge, requestHeaderFieldsTooLarge, requestTimeout, type StatusError } from '../../machinery/status.ts';
// Not imported: an ESM import of node:http makes Node load its fetch implementation (~50 ms of start).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/** Largest header block read (Go's http.DefaultMaxHeaderBytes, which Kubernetes serves with). */
export const MAX_HEADER_BYTES = 1 << 20;

/** A connection that closes without answering after this long once the answer is queued. */
const CLOSE_GRACE_MS = 5000;

interface ParserError extends Error {
  code?: string;
  /** llhttp's description, e.g. "Invalid header value char". */
  reason?: string;
}

/** The Status for a parser error, in Node's own choice of status codes. */
export function clientErrorStatus(err: ParserError): StatusError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return requestHeaderFieldsTooLarge(`request header fields too large: the header block is limited to ${MAX_HEADER_BYTES} bytes`);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return requestEntityTooLarge('request entity too large: chunk extensions are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return requestTimeout('the request did not arrive in time');
    default:
      return badRequest(`malformed HTTP request: ${err.reason ?? err.code ?? 'parse error'}`);
  }
}

/** The raw HTTP/1.1 answer: the parser is gone, so it is written to the socket as bytes. */
export function clientErrorResponse(err: ParserError): string {
  const status = clientErrorStatus(err).status;
  const body = JSON.stringify(status);
  return (
    `HTTP/1.1 ${status.code} ${STATUS_CODES[status.code] ?? ''}\r\n` +
    'Content-Type: application/json\r\n' +
    'Cache-Control: no-cache, private\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/**
 * Replaces Node's bare 4xx answers to unparseable HTTP/1.1 requests. A connection whose previous
 * response is still going out gets no answer (bytes written now would land inside that response);
 * one the client already reset gets none either.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: ParserError, socket: Duplex) => {
    const busy = (socket as Duplex & { _httpMessage?: unknown })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || busy) {
      socket.destroy();
      return;
    }
    // Read and drop what the client still sends (a body behind a refused request line): closing
    // with unread bytes makes the kernel reset the connection, and the client loses the answer.
    socket.on('data', () => {});
    socket.resume();
    socket.end(clientErrorResponse(err));
    setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
  });
}
