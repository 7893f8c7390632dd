// Turning an unsuccessful response into a StatusError: the server's Status when the body is one,
// else a Status built from the code, worded as client-go words it.
//
// Every failed request the client makes ends as a StatusError, the same class the server throws,
// so one set of predicates (isNotFound, isConflict, … in machinery/status.ts) serves both sides:
// a second error shape for the client would need every predicate to accept two shapes.
import { StatusError, type Status, type StatusReason } from '../../machinery/status.ts';
import { decodeResponseBody } from './codec.ts';

const REASONS: Record<number, [StatusReason, string]> = {
  400: ['BadRequest', 'the server rejected our request for an unknown reason'],
  401: ['Unauthorized', 'the server has asked for the client to provide credentials'],
  403: ['Forbidden', 'the server does not allow access to the requested resource'],
  404: ['NotFound', 'the server could not find the requested resource'],
  405: ['MethodNotAllowed', 'the server does not allow this method on the requested resource'],
  406: ['NotAcceptable', 'the server was unable to respond with a content type that the client supports'],
  409: ['Conflict', 'the server reported a conflict'],
  410: ['Expired', 'the server could not find the requested resource'],
  415: ['UnsupportedMediaType', 'the server was unable to handle the media type requested'],
  422: ['Invalid', 'the server rejected our request due to an error in our request'],
  429: ['TooManyRequests', 'the server has received too many requests and has asked us to try again later'],
  500: ['InternalError', 'an error on the server has prevented the request from succeeding'],
  503: ['ServiceUnavailable', 'the server is currently unable to handle the request'],
  504: ['Timeout', 'the server was unable to return a response in the time allotted, but may still be processing the request'],
};

export function isStatus(value: unknown): value is Status {
  return Boolean(value) && typeof value === 'object' && (value as { kind?: unknown }).kind === 'Status';
}

export function statusErrorFromResponse(code: number, contentType: string | undefined, body: Buffer, what: string): StatusError {
  try {
    const decoded = decodeResponseBody(contentType, body);
    if (isStatus(decoded)) return new StatusError({ ...decoded, code: decoded.code || code });
  } catch {
    // Not a Status: described from the code below.
  }
  const [reason, message] = REASONS[code] ?? ['', `an error on the server (${JSON.stringify(body.toString('utf8').slice(0, 200))}) has prevented the request from succeeding`];
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason, code, message: `${message} (${what})` };
  return new StatusError(status);
}
