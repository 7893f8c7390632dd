// Every API error is a StatusError carrying a metav1 Status; this module is the one place that
// builds them, worded as Kubernetes words them so clients that match on reason or message work.

/** StatusReason values of metav1 that this server produces. */
import type { CauseType, Status, StatusCause, StatusDetails, StatusReason } from '../api/meta/v1/status.ts';

export type { CauseType, Status, StatusCause, StatusDetails, StatusReason };

export interface GroupResource {
  group: string;
  resource: string;
}

export class StatusError extends Error {
  readonly status: Status;
  constructor(status: Status) {
    super(status.message ?? status.reason ?? 'error');
    this.name = 'StatusError';
    this.status = status;
  }
  get code(): number {
    return this.status.code;
  }
  get reason(): StatusReason | undefined {
    return this.status.reason;
  }
}

export function isStatusError(err: unknown): err is StatusError {
  return err instanceof StatusError;
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

/** Anything that is not a client's mistake. The caller logs the original error as a bug. */
export function internalError(message = 'an internal error occurred'): StatusError {
  return failure(500, 'InternalError', `Internal error occurred: ${message}`, {
    causes: [{ message }],
  });
}

/** Turns any thrown value into a StatusError; non-Status errors become a 500 without leaking details. */
export function toStatusError(err: unknown): StatusError {
  if (err instanceof StatusError) return err;
  return internalError();
}
