// --audit-* options -> the audit pipeline: the policy evaluator and the backends, each wrapped
// for its mode (batch buffers; blocking ignores failures; blocking-strict reports them) and
// for truncation. Undefined when there is no policy or no backend: nothing is audited then.
import type { AuditBackendOptions, AuditLogOptions, AuditOptions } from '../../options/apiserver/audit-options.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import { ignoreErrors, unionBackend, type AuditBackend } from './backend.ts';
import { BufferedBackend } from './buffered-backend.ts';
import { newLogBackend, stdoutWriter, type LineWriter, type LogFormat } from './log-backend.ts';
import { createAuditMetrics, type AuditMetrics } from './metrics.ts';
import { loadPolicyFile } from './policy.ts';
import { newPolicyEvaluator, type PolicyEvaluator } from './policy-evaluator.ts';
import { ensureLogFile, RotatingFile } from './rotating-file.ts';
import { newTruncateBackend } from './truncate-backend.ts';
import { newWebhookBackend } from './webhook-backend.ts';
import { loadWebhookTarget } from './webhook-target.ts';

export interface AuditPipeline {
  evaluator: PolicyEvaluator;
  backend: AuditBackend;
  metrics: AuditMetrics;
  /** Writes or sends buffered events and closes files and connections. */
  shutdown(): Promise<void>;
}

function wrapForMode(delegate: AuditBackend, opts: AuditBackendOptions, metrics: AuditMetrics): AuditBackend {
  let backend = delegate;
  if (opts.truncate.enabled) {
    backend = newTruncateBackend(
      backend,
      { maxBatchSize: opts.truncate.maxBatchSize, maxEventSize: opts.truncate.maxEventSize, apiVersion: opts.version },
      metrics,
    );
  }
  const mode = opts.mode;
  if (mode === 'blocking-strict') return backend;
  if (mode === 'blocking') return ignoreErrors(backend);
  const batch = opts.batch;
  return new BufferedBackend(
    backend,
    {
      bufferSize: batch.bufferSize,
      maxBatchSize: batch.maxSize,
      maxBatchWaitMs: batch.maxWaitMs,
      throttle: batch.throttleEnable ? { qps: batch.throttleQPS, burst: batch.throttleBurst } : undefined,
    },
    metrics,
  );
}

function logWriter(opts: AuditLogOptions): LineWriter {
  const path = opts.path;
  if (path === '-') return stdoutWriter;
  try {
    ensureLogFile(path);
  } catch (err) {
    throw new Error(`--audit-log-path: cannot open audit log file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const file = new RotatingFile(path, {
    maxSizeMB: opts.maxSizeMB,
    maxAgeDays: opts.maxAgeDays,
    maxBackups: opts.maxBackups,
    compress: opts.compress,
  });
  return { write: (text) => file.write(text), close: () => file.close() };
}

export function buildAudit(opts: AuditOptions, registry: MetricsRegistry): AuditPipeline | undefined {
  const policy = opts.policyFile ? loadPolicyFile(opts.policyFile) : undefined;
  const metrics = createAuditMetrics(registry);
  const backends: AuditBackend[] = [];

  if (opts.log.path) {
    const log = newLogBackend(logWriter(opts.log), {
      format: opts.log.format as LogFormat,
      apiVersion: opts.log.version,
      metrics,
    });
    backends.push(wrapForMode(log, opts.log, metrics));
  }
  const webhookFile = opts.webhook.configFile;
  if (webhookFile) {
    let target;
    try {
      target = loadWebhookTarget(webhookFile);
    } catch (err) {
      throw new Error(`--audit-webhook-config-file: initializing audit webhook from ${webhookFile}: ${(err as Error).message}`);
    }
    const webhook = newWebhookBackend(target, {
      apiVersion: opts.webhook.version,
      initialBackoffMs: opts.webhook.initialBackoffMs,
      metrics,
    });
    backends.push(wrapForMode(webhook, opts.webhook, metrics));
  }
  if (!policy || backends.length === 0) {
    // Nothing to audit with: release what was opened.
    for (const b of backends) void b.shutdown();
    return undefined;
  }
  const backend = unionBackend(backends);
  let stopping: Promise<void> | undefined;
  return {
    evaluator: newPolicyEvaluator(policy),
    backend,
    metrics,
    shutdown: () => (stopping ??= backend.shutdown()),
  };
}
