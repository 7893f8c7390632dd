// The audit.orch.io/v1 types as a Kubernetes audit consumer reads them (audit.k8s.io/v1 with the
// group renamed). Field order in these interfaces is the order events are serialised in.
import type { UserInfo } from '../../component-base/serving/request-context.ts';

export const AUDIT_GROUP = 'audit.orch.io';
export const AUDIT_API_VERSION = `${AUDIT_GROUP}/v1`;
/** Policies written for Kubernetes are accepted as they are. */
export const KUBERNETES_AUDIT_API_VERSION = 'audit.k8s.io/v1';

export const LEVELS = ['None', 'Metadata', 'Request', 'RequestResponse'] as const;
export type Level = (typeof LEVELS)[number];

export const STAGES = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'] as const;
export type Stage = (typeof STAGES)[number];

/** True when `level` records at least as much as `min`. */
export function levelAtLeast(level: Level, min: Level): boolean {
  return LEVELS.indexOf(level) >= LEVELS.indexOf(min);
}

export interface ObjectReference {
  resource?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiGroup?: string;
  apiVersion?: string;
  resourceVersion?: string;
  subresource?: string;
}

/** The bounded part of a meta/v1 Status that an event carries. */
export interface ResponseStatus {
  metadata: Record<string, never>;
  status?: string;
  message?: string;
  reason?: string;
  details?: unknown;
  code?: number;
}

export interface AuditUser {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export interface AuditEvent {
  kind: 'Event';
  apiVersion: string;
  level: Level;
  auditID: string;
  stage: Stage;
  requestURI: string;
  verb: string;
  user: AuditUser;
  impersonatedUser?: AuditUser;
  sourceIPs?: string[];
  userAgent?: string;
  objectRef?: ObjectReference;
  responseStatus?: ResponseStatus;
  requestObject?: unknown;
  responseObject?: unknown;
  /** RFC 3339 with microseconds (meta/v1 MicroTime). */
  requestReceivedTimestamp: string;
  stageTimestamp: string;
  annotations?: Record<string, string>;
}

export interface EventList {
  kind: 'EventList';
  apiVersion: string;
  metadata: Record<string, never>;
  items: AuditEvent[];
}

/** The audit user form of an authenticated user (Kubernetes' authentication/v1 UserInfo). */
export function auditUser(user: UserInfo | undefined): AuditUser {
  if (!user) return {};
  const out: AuditUser = { username: user.name };
  if (user.uid) out.uid = user.uid;
  if (user.groups.length) out.groups = [...user.groups];
  if (user.extra && Object.keys(user.extra).length) out.extra = user.extra;
  return out;
}

// The date and time up to the second, cached: most stamps fall in the second of the one before.
let cachedSecond = NaN;
let cachedPrefix = '';

/** meta/v1 MicroTime: `2026-11-22T05:10:00.123456Z`. */
export function microTime(epochMs: number): string {
  const second = Math.floor(epochMs / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, 19);
  }
  const micros = Math.min(999_999, Math.floor((epochMs - second * 1000) * 1000));
  return `${cachedPrefix}.${String(micros).padStart(6, '0')}Z`;
}
