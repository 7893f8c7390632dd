// The audit state of one request, and the calls other parts of the server make to add to its
// event: the decoded request object, the response object, annotations, the authorization
// decision, an impersonated user. Each call is a no-op for a request that is not audited.
import type { Request, UserInfo } from '../../component-base/serving/request-context.ts';
import type { AuditBackend } from './backend.ts';
import { withoutManagedFields } from './event.ts';
import type { RequestAuditConfig } from './policy-evaluator.ts';
import { auditUser, levelAtLeast, type AuditEvent, type ResponseStatus } from './types.ts';

export const DECISION_ANNOTATION = 'authorization.orch.io/decision';
export const REASON_ANNOTATION = 'authorization.orch.io/reason';

export interface RequestAudit {
  event: AuditEvent;
  config: RequestAuditConfig;
  sink: AuditBackend;
  /** A response Status was recorded (by the REST layer or taken from the error body). */
  statusRecorded: boolean;
}

const audits = new WeakMap<Request, RequestAudit>();

export function startRequestAudit(req: Request, audit: Omit<RequestAudit, 'statusRecorded'>): RequestAudit {
  const state = { ...audit, statusRecorded: false };
  audits.set(req, state);
  return state;
}

export function requestAuditOf(req: Request): RequestAudit | undefined {
  return audits.get(req);
}

/** A JSON snapshot: later changes to the object (defaulting, admission) must not show. */
function snapshot(obj: unknown, omitManagedFields: boolean): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(obj ?? null));
  return omitManagedFields ? withoutManagedFields(copy) : copy;
}

/** The decoded request body, logged at level Request and above; the first call wins. */
export function recordRequestObject(req: Request, obj: unknown): void {
  const a = audits.get(req);
  if (!a || !levelAtLeast(a.config.level, 'Request') || a.event.requestObject !== undefined) return;
  a.event.requestObject = snapshot(obj, a.config.omitManagedFields);
}

function isStatus(obj: unknown): obj is { kind: 'Status'; status?: string; message?: string; reason?: string; details?: unknown; code?: number } {
  return typeof obj === 'object' && obj !== null && (obj as { kind?: unknown }).kind === 'Status';
}

/** Whether the request's audit event logs the response object (level RequestResponse). */
export function logsResponseObject(req: Request): boolean {
  const a = audits.get(req);
  return a !== undefined && levelAtLeast(a.config.level, 'RequestResponse');
}

/**
 * The object sent back: a Status fills responseStatus (at every level); any object is logged
 * whole at level RequestResponse.
 */
export function recordResponseObject(req: Request, obj: unknown): void {
  const a = audits.get(req);
  if (!a) return;
  if (isStatus(obj)) {
    const status: ResponseStatus = { metadata: {} };
    if (obj.status) status.status = obj.status;
    if (obj.message) status.message = obj.message;
    if (obj.reason) status.reason = obj.reason;
    if (obj.details !== undefined) status.details = obj.details;
    status.code = obj.code ?? a.event.responseStatus?.code;
    a.event.responseStatus = status;
    a.statusRecorded = true;
  }
  if (levelAtLeast(a.config.level, 'RequestResponse')) a.event.responseObject = snapshot(obj, a.config.omitManagedFields);
}

/** Adds an annotation to the request's event; a key already set keeps its first value. */
export function addAuditAnnotation(req: Request, key: string, value: string): void {
  const a = audits.get(req);
  if (!a) return;
  a.event.annotations ??= {};
  if (!(key in a.event.annotations)) a.event.annotations[key] = value;
}

/** What the authorizer said: `authorization.orch.io/decision` allow or forbid, and its reason. */
export function recordAuthorizationDecision(req: Request, allowed: boolean, reason: string): void {
  addAuditAnnotation(req, DECISION_ANNOTATION, allowed ? 'allow' : 'forbid');
  addAuditAnnotation(req, REASON_ANNOTATION, reason);
}

/** The user the request acts as after impersonation; `user` stays the authenticated one. */
export function recordImpersonatedUser(req: Request, user: UserInfo): void {
  const a = audits.get(req);
  if (a) a.event.impersonatedUser = auditUser(user);
}
