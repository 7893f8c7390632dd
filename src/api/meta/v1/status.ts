// meta/v1 Status: the body of every failed request (and of a few successful ones), as Kubernetes
// writes it. The builders and the error class that carries it live in machinery/status.ts.

export type StatusReason =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Gone'
  | 'Expired'
  | 'Invalid'
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'RequestEntityTooLarge'
  | 'RequestHeaderFieldsTooLarge'
  | 'UnsupportedMediaType'
  | 'TooManyRequests'
  | 'Timeout'
  | 'ServerTimeout'
  | 'ServiceUnavailable'
  | 'InternalError'
  | '';

/** CauseType values used in details.causes. */
export type CauseType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid'
  | 'UnexpectedServerResponse'
  | 'FieldManagerConflict'
  | 'ResourceVersionTooLarge'
  | 'NamespaceTerminating'
  | 'DisruptionBudget';

export interface StatusCause {
  reason?: CauseType;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, unknown>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: StatusReason;
  details?: StatusDetails;
  code: number;
}

/** The group and resource an error is about, e.g. { group: 'events.orch.io', resource: 'events' }. */
