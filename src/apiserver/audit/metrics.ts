// The audit metrics as Kubernetes names them, on the server's own registry.
import { Counter } from 'prom-client';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import type { Level } from './types.ts';

export interface AuditMetrics {
  /** One audit event handed to the backends. */
  eventSent(): void;
  /** `count` events a backend plugin (log, webhook, buffered, truncate) failed to record. */
  pluginError(plugin: string, count: number): void;
  /** The policy level of a request (one per request, None included). */
  policyLevel(level: Level): void;
  /** A request refused because its event could not be stored (blocking-strict). */
  requestRejected(): void;
}

export function createAuditMetrics(metrics: MetricsRegistry): AuditMetrics {
  const registers = [metrics.registry];
  const events = new Counter({
    name: 'apiserver_audit_event_total',
    help: 'Counter of audit events generated and sent to the audit backend.',
    registers,
  });
  const errors = new Counter({
    name: 'apiserver_audit_error_total',
    help: 'Counter of audit events that failed to be audited properly. Plugin identifies the plugin affected by the error.',
    labelNames: ['plugin'],
    registers,
  });
  const levels = new Counter({
    name: 'apiserver_audit_level_total',
    help: 'Counter of policy levels for audit events (1 per request).',
    labelNames: ['level'],
    registers,
  });
  const rejected = new Counter({
    name: 'apiserver_audit_requests_rejected_total',
    help: 'Counter of apiserver requests rejected due to an error in audit logging backend.',
    registers,
  });
  return {
    eventSent: () => events.inc(),
    pluginError: (plugin, count) => errors.inc({ plugin: metrics.label('apiserver_audit_error_total', 'plugin', plugin) }, count),
    policyLevel: (level) => levels.inc({ level: metrics.label('apiserver_audit_level_total', 'level', level) }),
    requestRejected: () => rejected.inc(),
  };
}
