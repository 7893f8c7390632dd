// Building an audit event from a request: who, from where, on what, and when.
import { isIP } from 'node:net';
import type { Request, RequestContext } from '../../component-base/serving/request-context.ts';
import { AUDIT_API_VERSION, auditUser, microTime, type AuditEvent, type Level, type ObjectReference } from './types.ts';

/** Wall-clock milliseconds with sub-millisecond precision, for MicroTime stamps. */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

function normalizeIP(text: string): string | undefined {
  let ip = text.trim();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  if (!isIP(ip)) return undefined;
  // An IPv4 address on a dual-stack socket is written as Go writes it: plain IPv4.
  return ip.toLowerCase().startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

function header(req: Request, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** X-Forwarded-For addresses, then X-Real-Ip if new, then the peer unless it repeats the last. */
export function sourceIPs(req: Request): string[] {
  const ips: string[] = [];
  const forwarded = header(req, 'x-forwarded-for');
  if (forwarded) {
    for (const part of forwarded.split(',')) {
      const ip = normalizeIP(part);
      if (ip) ips.push(ip);
    }
  }
  const realIP = normalizeIP(header(req, 'x-real-ip') ?? '');
  if (realIP && !ips.includes(realIP)) ips.push(realIP);
  const peer = normalizeIP(req.socket?.remoteAddress ?? '');
  if (peer && ips[ips.length - 1] !== peer) ips.push(peer);
  return ips;
}

export function objectRefOf(ctx: RequestContext): ObjectReference | undefined {
  const info = ctx.requestInfo;
  if (!info?.isResourceRequest) return undefined;
  const ref: ObjectReference = {};
  if (info.resource) ref.resource = info.resource;
  if (info.namespace) ref.namespace = info.namespace;
  if (info.name) ref.name = info.name;
  if (info.apiGroup) ref.apiGroup = info.apiGroup;
  if (info.apiVersion) ref.apiVersion = info.apiVersion;
  if (info.subresource) ref.subresource = info.subresource;
  return ref;
}

/** The event of a request as it enters auditing (stage RequestReceived). */
export function newEvent(req: Request, ctx: RequestContext, level: Level, receivedMs: number): AuditEvent {
  const stamp = microTime(receivedMs);
  const ev: AuditEvent = {
    kind: 'Event',
    apiVersion: AUDIT_API_VERSION,
    level,
    auditID: ctx.auditID ?? '',
    stage: 'RequestReceived',
    requestURI: req.url ?? '/',
    verb: ctx.requestInfo?.verb ?? (req.method ?? 'GET').toLowerCase(),
    user: auditUser(ctx.user),
    sourceIPs: sourceIPs(req),
    requestReceivedTimestamp: stamp,
    stageTimestamp: stamp,
  };
  const agent = header(req, 'user-agent');
  if (agent) ev.userAgent = agent;
  const ref = objectRefOf(ctx);
  if (ref) ev.objectRef = ref;
  return ev;
}

/** A copy of an object (or of a list's items) without metadata.managedFields. */
export function withoutManagedFields(obj: unknown): unknown {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) return obj;
  const o = obj as Record<string, unknown>;
  let out = o;
  const meta = o.metadata as Record<string, unknown> | undefined;
  if (meta && typeof meta === 'object' && 'managedFields' in meta) {
    const { managedFields: _dropped, ...rest } = meta;
    out = { ...o, metadata: rest };
  }
  if (Array.isArray(o.items)) out = { ...out, items: o.items.map(withoutManagedFields) };
  return out;
}
