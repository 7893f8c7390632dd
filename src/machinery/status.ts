// Every API error is a StatusError carrying a metav1 Status; this module is the one place that
// builds them, worded as Kubernetes words them so clients that match on reason or message work,
// and the one place that reads them: code asks `isNotFound(err)`, never `err.code === 404`, on
// both sides of the wire (the REST client turns every failed answer into a StatusError too).
//
// A StatusError is recognised by a Symbol.for brand rather than instanceof, as undici brands its
// errors: two copies of this module (a bundled client next to the server's, a test loading it
// twice) each have their own class, but share the registry-wide symbol.

/** StatusReason values of metav1 that this server produces. */
import type { CauseType, Status, StatusCause, StatusDetails, StatusReason } from '../api/meta/v1/status.ts';
import { goQuote } from './validation/go-format.ts';

export type { CauseType, Status, StatusCause, StatusDetails, StatusReason };

export interface GroupResource {
  group: string;
  resource: string;
}

/** The brand every copy of this module puts on its StatusErrors. */
const STATUS_ERROR_BRAND = Symbol.for('orch.io/machinery/StatusError');

export class StatusError extends Error {
  readonly status: Status;
  constructor(status: Status) {
    super(status.message ?? status.reason ?? 'error');
    this.name = 'StatusError';
    this.status = status;
  }
  get [STATUS_ERROR_BRAND](): true {
    return true;
  }
  get code(): number {
    return this.status.code;
  }
  get reason(): StatusReason | undefined {
    return this.status.reason;
  }
}

/** True for a StatusError made by any copy of this module. */
export function isStatusError(err: unknown): err is StatusError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[STATUS_ERROR_BRAND] === true;
}

// The predicates, as apimachinery's errors package has them: a Status is matched on its reason,
// and on its code only when the reason is one this vocabulary does not know (a proxy's bare 404,
// a Status from a newer server), so a 409 AlreadyExists is never taken for a Conflict.

const KNOWN_REASONS: ReadonlySet<string> = new Set<StatusReason>([
  'BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'AlreadyExists', 'Conflict', 'Gone', 'Expired',
  'Invalid', 'MethodNotAllowed', 'NotAcceptable', 'RequestEntityTooLarge', 'RequestHeaderFieldsTooLarge',
  'UnsupportedMediaType', 'TooManyRequests', 'Timeout', 'ServerTimeout', 'ServiceUnavailable', 'InternalError',
]);

/** The HTTP code each reason is answered with, for matching a Status whose reason is unknown. */
const CODE_OF: Partial<Record<StatusReason, number>> = {
  BadRequest: 400, Unauthorized: 401, Forbidden: 403, NotFound: 404, Conflict: 409, Gone: 410, Expired: 410,
  Invalid: 422, MethodNotAllowed: 405, NotAcceptable: 406, RequestEntityTooLarge: 413, UnsupportedMediaType: 415,
  TooManyRequests: 429, Timeout: 504, ServiceUnavailable: 503, InternalError: 500,
};

function hasReason(err: unknown, reason: StatusReason): boolean {
  if (!isStatusError(err)) return false;
  const { reason: got = '', code } = err.status;
  if (got === reason) return true;
  return !KNOWN_REASONS.has(got) && CODE_OF[reason] !== undefined && code === CODE_OF[reason];
}

/** The code of an API error, 0 for anything else. */
export function codeOf(err: unknown): number {
  return isStatusError(err) ? err.status.code : 0;
}

export function isBadRequest(err: unknown): boolean {
  return hasReason(err, 'BadRequest');
}

export function isUnauthorized(err: unknown): boolean {
  return hasReason(err, 'Unauthorized');
}

export function isForbidden(err: unknown): boolean {
  return hasReason(err, 'Forbidden');
}

export function isNotFound(err: unknown): boolean {
  return hasReason(err, 'NotFound');
}

/** Only reason AlreadyExists: a 409 of unknown reason is a conflict. */
export function isAlreadyExists(err: unknown): boolean {
  return isStatusError(err) && err.status.reason === 'AlreadyExists';
}

export function isConflict(err: unknown): boolean {
  return hasReason(err, 'Conflict');
}

/** 410 Gone: the watch or list cannot continue from where it was; relist. */
export function isGone(err: unknown): boolean {
  return hasReason(err, 'Gone');
}

/** 410 Expired: the resourceVersion asked for was compacted away; relist. */
export function isResourceExpired(err: unknown): boolean {
  return hasReason(err, 'Expired');
}

export function isInvalid(err: unknown): boolean {
  return hasReason(err, 'Invalid');
}

export function isMethodNotSupported(err: unknown): boolean {
  return hasReason(err, 'MethodNotAllowed');
}

export function isNotAcceptable(err: unknown): boolean {
  return hasReason(err, 'NotAcceptable');
}

export function isUnsupportedMediaType(err: unknown): boolean {
  return hasReason(err, 'UnsupportedMediaType');
}

export function isRequestEntityTooLarge(err: unknown): boolean {
  return hasReason(err, 'RequestEntityTooLarge');
}

/** Reason TooManyRequests or code 429 whatever the reason, as Kubernetes has it. */
export function isTooManyRequests(err: unknown): boolean {
  return hasReason(err, 'TooManyRequests') || (isStatusError(err) && err.status.code === CODE_OF.TooManyRequests);
}

/** 504 Timeout: the request ran out of time; it may still complete. */
export function isTimeout(err: unknown): boolean {
  return hasReason(err, 'Timeout');
}

/** 500 ServerTimeout: the server could not finish in time; try again. */
export function isServerTimeout(err: unknown): boolean {
  return isStatusError(err) && err.status.reason === 'ServerTimeout';
}

/** A read past the store's revision (504 with a ResourceVersionTooLarge cause); retry shortly. */
export function isTooLargeResourceVersion(err: unknown): boolean {
  return isTimeout(err) && hasStatusCause(err, 'ResourceVersionTooLarge');
}

export function isServiceUnavailable(err: unknown): boolean {
  return hasReason(err, 'ServiceUnavailable');
}

export function isInternalError(err: unknown): boolean {
  return hasReason(err, 'InternalError');
}

/** Any 5xx: the server failed, not the request, so the same request may succeed later. */
export function isServerError(err: unknown): boolean {
  return codeOf(err) >= CODE_OF.InternalError!;
}

export function hasStatusCause(err: unknown, cause: CauseType): boolean {
  return isStatusError(err) && Boolean(err.status.details?.causes?.some((c) => c.reason === cause));
}

function failure(code: number, reason: StatusReason, message: string, details?: StatusDetails): StatusError {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code };
  if (details) status.details = details;
  return new StatusError(status);
}

/** "events.orch.io" style qualified resource, as Kubernetes prints it in messages. */
export function qualifiedResource(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

export function successStatus(details?: StatusDetails): Status {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 200 };
  if (details) status.details = details;
  return status;
}

export function badRequest(message: string): StatusError {
  return failure(400, 'BadRequest', message);
}

export function unauthorized(message = 'Unauthorized'): StatusError {
  return failure(401, 'Unauthorized', message);
}

/** Worded as the RBAC authorizer words it: `User "x" cannot get resource "events" ...`. */
export function forbidden(gr: GroupResource, name: string, reason: string): StatusError {
  const what = name ? `${qualifiedResource(gr)} "${name}"` : qualifiedResource(gr);
  const message = reason ? `${what} is forbidden: ${reason}` : `${what} is forbidden`;
  return failure(403, 'Forbidden', message, { name: name || undefined, group: gr.group, kind: gr.resource });
}

/** Forbidden for a non-resource path or where the message is already complete. */
export function forbiddenMessage(message: string): StatusError {
  return failure(403, 'Forbidden', message);
}

export function notFound(gr: GroupResource, name: string): StatusError {
  return failure(404, 'NotFound', `${qualifiedResource(gr)} "${name}" not found`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

/** A path that names no known resource. */
export function pathNotFound(message = 'the server could not find the requested resource'): StatusError {
  return failure(404, 'NotFound', message, {});
}

export function alreadyExists(gr: GroupResource, name: string): StatusError {
  return failure(409, 'AlreadyExists', `${qualifiedResource(gr)} "${name}" already exists`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

export function conflict(gr: GroupResource, name: string, reason: string): StatusError {
  return failure(409, 'Conflict', `Operation cannot be fulfilled on ${qualifiedResource(gr)} "${name}": ${reason}`, {
    name,
    group: gr.group,
    kind: gr.resource,
  });
}

/** A resourceVersion that was compacted away (lists and watches). */
/** A 409 about no one resource: the request conflicts with something in progress. */
export function conflictMessage(message: string): StatusError {
  return failure(409, 'Conflict', message);
}

export function resourceExpired(message: string): StatusError {
  return failure(410, 'Expired', message);
}

export function gone(message: string): StatusError {
  return failure(410, 'Gone', message);
}

/** 422 with causes naming each field, message joined as Kubernetes joins them. */
export function invalid(gr: { group: string; kind: string }, name: string, causes: StatusCause[]): StatusError {
  const kindGroup = gr.group ? `${gr.kind}.${gr.group}` : gr.kind;
  const list = causes.map((c) => (c.field ? `${c.field}: ${c.message}` : (c.message ?? ''))).join(', ');
  const body = causes.length === 1 ? list : `[${list}]`;
  return failure(422, 'Invalid', `${kindGroup} "${name}" is invalid: ${body}`, {
    name,
    group: gr.group,
    kind: gr.kind,
    causes,
  });
}

/** 422 for a request whose parameters (not body) are invalid, e.g. dryRun=Foo. */
export function invalidRequest(message: string, causes: StatusCause[] = []): StatusError {
  return failure(422, 'Invalid', message, causes.length ? { causes } : undefined);
}

export function methodNotAllowed(method: string, what: string): StatusError {
  return failure(405, 'MethodNotAllowed', `${method} is not supported on ${what}`);
}

export function notAcceptable(message: string): StatusError {
  return failure(406, 'NotAcceptable', message);
}

export function unsupportedMediaType(contentType: string): StatusError {
  return failure(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.orch.protobuf (got ${JSON.stringify(contentType)})`);
}

export function requestEntityTooLarge(message: string): StatusError {
  return failure(413, 'RequestEntityTooLarge', message);
}

/**
 * 431: the request's header block is larger than the server reads. metav1 names no reason for
 * it; this one follows the HTTP status text as RequestEntityTooLarge does for 413.
 */
export function requestHeaderFieldsTooLarge(message: string): StatusError {
  return failure(431, 'RequestHeaderFieldsTooLarge', message);
}

/** 408: the client did not send a whole request in time. */
export function requestTimeout(message: string): StatusError {
  return failure(408, 'Timeout', message);
}

export function tooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return failure(429, 'TooManyRequests', message, { retryAfterSeconds });
}

/**
 * An eviction a PodDisruptionBudget forbids: 429 with the DisruptionBudget cause, as Kubernetes
 * answers; the cause says why (the budget's healthy pods, or that it is still being processed).
 */
export function disruptionBudgetViolated(message: string, causeMessage = message): StatusError {
  return failure(429, 'TooManyRequests', message, { causes: [{ reason: 'DisruptionBudget', message: causeMessage }] });
}

/** The request ran past --request-timeout (504, reason Timeout). */
export function timeout(message: string, retryAfterSeconds = 0): StatusError {
  return failure(504, 'Timeout', message, retryAfterSeconds ? { retryAfterSeconds } : undefined);
}

/** The server could not complete in time; the client may retry (500, ServerTimeout). */
export function serverTimeout(gr: GroupResource, operation: string, retryAfterSeconds: number): StatusError {
  return failure(
    500,
    'ServerTimeout',
    `The ${operation} operation against ${qualifiedResource(gr)} could not be completed at this time, please try again.`,
    { group: gr.group, kind: gr.resource, retryAfterSeconds },
  );
}

export function serviceUnavailable(message: string): StatusError {
  return failure(503, 'ServiceUnavailable', message);
}

/** What Kubernetes says of a backend's failed answer (a node agent's), by its code; verb names the request. */
const GENERIC_RESPONSES: Record<number, [StatusReason, string | undefined]> = {
  400: ['BadRequest', 'the server rejected our request for an unknown reason'],
  401: ['Unauthorized', 'the server has asked for the client to provide credentials'],
  403: ['Forbidden', undefined],
  404: ['NotFound', 'the server could not find the requested resource'],
  405: ['MethodNotAllowed', 'the server does not allow this method on the requested resource'],
  415: ['UnsupportedMediaType', undefined],
  422: ['Invalid', 'the server rejected our request due to an error in our request'],
  429: ['TooManyRequests', 'the server has received too many requests and has asked us to try again later'],
  503: ['ServiceUnavailable', 'the server is currently unable to handle the request'],
  504: ['Timeout', 'the server was unable to return a response in the time allotted, but may still be processing the request'],
};

/**
 * A backend's failed answer passed on as apimachinery's NewGenericServerResponse words it: a
 * message chosen by the code (the backend's own text where Kubernetes keeps it: 403, 415, other
 * 5xx), followed by `(<verb> <resource> <name>)`.
 */
export function genericServerResponse(code: number, verb: string, gr: GroupResource, name: string, serverMessage: string): StatusError {
  let reason: StatusReason = '';
  let message = `the server responded with the status code ${code} but did not return more information`;
  const known = GENERIC_RESPONSES[code];
  if (code === 409) {
    reason = verb === 'POST' ? 'AlreadyExists' : 'Conflict';
    message = 'the server reported a conflict';
  } else if (code === 406) {
    reason = 'NotAcceptable';
    message = serverMessage === '' || serverMessage === 'unknown' ? 'the server was unable to respond with a content type that the client supports' : serverMessage;
  } else if (known) {
    reason = known[0];
    message = known[1] ?? serverMessage;
  } else if (code >= 500) {
    reason = 'InternalError';
    message = `an error on the server (${goQuote(serverMessage)}) has prevented the request from succeeding`;
  }
  const resource = qualifiedResource(gr);
  if (resource) message = name ? `${message} (${verb.toLowerCase()} ${resource} ${name})` : `${message} (${verb.toLowerCase()} ${resource})`;
  const err = failure(code, reason, message, { group: gr.group, kind: gr.resource, name });
  // An unknown reason is left out of the Status, as Go's omitempty leaves it.
  if (!reason) delete err.status.reason;
  return err;
}

/**
 * A 500 whose message the caller chose for the client (a failing webhook, a server not ready).
 * Never pass the message of an unexpected error: use unexpectedError.
 */
export function internalError(message = 'an internal error occurred'): StatusError {
  return failure(500, 'InternalError', `Internal error occurred: ${message}`, {
    causes: [{ message }],
  });
}

/**
 * The 500 for an unexpected error: the client learns only the correlation id under which the
 * real error was logged (component-base/logs/internal-error.ts logs it and builds this).
 */
export function unexpectedError(correlationId: string): StatusError {
  return internalError(`an internal error occurred (correlation id ${correlationId})`);
}
