// The --audit-* rows as a typed options object: the policy file and the two backends, each with
// its mode, batching and truncation settings read under its own prefix. Their ranges and known
// values are checked in audit-validate.ts.
import type { OptionReader } from '../option-reader.ts';

export interface AuditBatchOptions {
  bufferSize: number;
  maxSize: number;
  maxWaitMs: number;
  throttleEnable: boolean;
  throttleQPS: number;
  throttleBurst: number;
}

export interface AuditTruncateOptions {
  enabled: boolean;
  maxBatchSize: number;
  maxEventSize: number;
}

export interface AuditBackendOptions {
  /** blocking, blocking-strict or batch. */
  mode: string;
  /** The audit API group version events are serialized with. */
  version: string;
  batch: AuditBatchOptions;
  truncate: AuditTruncateOptions;
}

export interface AuditLogOptions extends AuditBackendOptions {
  /** '' : no log backend; '-' : standard out. */
  path: string;
  format: string;
  maxAgeDays: number;
  maxBackups: number;
  maxSizeMB: number;
  compress: boolean;
}

export interface AuditWebhookOptions extends AuditBackendOptions {
  /** '' : no webhook backend. */
  configFile: string;
  initialBackoffMs: number;
}

export interface AuditOptions {
  /** '' : nothing is audited. */
  policyFile: string;
  log: AuditLogOptions;
  webhook: AuditWebhookOptions;
}

// The two backends' rows differ only by prefix (audit.ts builds them the same way).
function backendOptions(r: OptionReader, prefix: 'audit-log' | 'audit-webhook'): AuditBackendOptions {
  return {
    mode: r.string(`${prefix}-mode`),
    version: r.string(`${prefix}-version`),
    batch: {
      bufferSize: r.number(`${prefix}-batch-buffer-size`),
      maxSize: r.number(`${prefix}-batch-max-size`),
      maxWaitMs: r.number(`${prefix}-batch-max-wait`),
      throttleEnable: r.bool(`${prefix}-batch-throttle-enable`),
      throttleQPS: r.number(`${prefix}-batch-throttle-qps`),
      throttleBurst: r.number(`${prefix}-batch-throttle-burst`),
    },
    truncate: {
      enabled: r.bool(`${prefix}-truncate-enabled`),
      maxBatchSize: r.number(`${prefix}-truncate-max-batch-size`),
      maxEventSize: r.number(`${prefix}-truncate-max-event-size`),
    },
  };
}

export function auditOptions(r: OptionReader): AuditOptions {
  return {
    policyFile: r.string('audit-policy-file'),
    log: {
      ...backendOptions(r, 'audit-log'),
      path: r.string('audit-log-path'),
      format: r.string('audit-log-format'),
      maxAgeDays: r.number('audit-log-maxage'),
      maxBackups: r.number('audit-log-maxbackup'),
      maxSizeMB: r.number('audit-log-maxsize'),
      compress: r.bool('audit-log-compress'),
    },
    webhook: {
      ...backendOptions(r, 'audit-webhook'),
      configFile: r.string('audit-webhook-config-file'),
      initialBackoffMs: r.number('audit-webhook-initial-backoff'),
    },
  };
}
