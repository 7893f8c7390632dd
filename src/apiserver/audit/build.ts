// --audit-* options -> the audit pipeline: the policy evaluator and the backends, each wrapped
// for its mode (batch buffers; blocking ignores failures; blocking-strict reports them) and
// for truncation. Undefined when there is no policy or no backend: nothing is audited then.
import type { FlagValues } from '../../options/flag.ts';
import type { MetricsRegistry } from '../../component-base/metrics/registry.ts';
import { ignoreErrors, unionBackend, type AuditBackend } from './backend.ts';
import { BufferedBackend } from './buffered-backend.ts';
import { newLogBackend, stdoutWriter, type LineWriter, type LogFormat } from './log-backend.ts';
import { createAuditMetrics, type AuditMetrics } from './metrics.ts';
import { loadPolicyFile } from './policy.ts';
import { newPolicyEvaluator, type PolicyEvaluator } from './policy-evaluator.ts';
import { ensureLogFile, RotatingFile } from './rotating-file.ts';
import { newTruncateBackend } from './truncate-backend.ts';
import { AUDIT_API_VERSION } from './types.ts';
import { newWebhookBackend } from './webhook-backend.ts';
import { loadWebhookTarget } from './webhook-target.ts';

export interface AuditPipeline {
  evaluator: PolicyEvaluator;
  backend: AuditBackend;
  metrics: AuditMetrics;
  /** Writes or sends buffered events and closes files and connections. */
  shutdown(): Promise<void>;
}

const str = (v: FlagValues, name: string, fallback = '') => (typeof v[name] === 'string' ? (v[name] as string) : fallback);
const num = (v: FlagValues, name: string, fallback: number) => (typeof v[name] === 'number' ? (v[name] as number) : fallback);
const bool = (v: FlagValues, name: string, fallback = false) => (typeof v[name] === 'boolean' ? (v[name] as boolean) : fallback);

interface ModeDefaults {
  mode: string;
  maxSize: number;
  maxWaitMs: number;
  throttle: boolean;
  qps: number;
  burst: number;
}

function wrapForMode(delegate: AuditBackend, values: FlagValues, prefix: string, d: ModeDefaults, metrics: AuditMetrics): AuditBackend {
  const apiVersion = str(values, `${prefix}-version`, AUDIT_API_VERSION);
  let backend = delegate;
  if (bool(values, `${prefix}-truncate-enabled`)) {
    backend = newTruncateBackend(
      backend,
      {
        maxBatchSize: num(values, `${prefix}-truncate-max-batch-size`, 10 * 1024 * 1024),
        maxEventSize: num(values, `${prefix}-truncate-max-event-size`, 100 * 1024),
        apiVersion,
      },
      metrics,
    );
  }
  const mode = str(values, `${prefix}-mode`, d.mode);
  if (mode === 'blocking-strict') return backend;
  if (mode === 'blocking') return ignoreErrors(backend);
  const throttle = bool(values, `${prefix}-batch-throttle-enable`, d.throttle);
  return new BufferedBackend(
    backend,
    {
      bufferSize: num(values, `${prefix}-batch-buffer-size`, 10000),
      maxBatchSize: num(values, `${prefix}-batch-max-size`, d.maxSize),
      maxBatchWaitMs: num(values, `${prefix}-batch-max-wait`, d.maxWaitMs),
      throttle: throttle ? { qps: num(values, `${prefix}-batch-throttle-qps`, d.qps), burst: num(values, `${prefix}-batch-throttle-burst`, d.burst) } : undefined,
    },
    metrics,
  );
}

function logWriter(values: FlagValues): LineWriter {
  const path = str(values, 'audit-log-path');
  if (path === '-') return stdoutWriter;
  try {
    ensureLogFile(path);
  } catch (err) {
    throw new Error(`--audit-log-path: cannot open audit log file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const file = new RotatingFile(path, {
    maxSizeMB: num(values, 'audit-log-maxsize', 0),
    maxAgeDays: num(values, 'audit-log-maxage', 0),
    maxBackups: num(values, 'audit-log-maxbackup', 0),
    compress: bool(values, 'audit-log-compress'),
  });
  return { write: (text) => file.write(text), close: () => file.close() };
}

export function buildAudit(values: FlagValues, registry: MetricsRegistry): AuditPipeline | undefined {
  const policyFile = str(values, 'audit-policy-file');
  const policy = policyFile ? loadPolicyFile(policyFile) : undefined;
  const metrics = createAuditMetrics(registry);
  const backends: AuditBackend[] = [];

  if (str(values, 'audit-log-path')) {
    const log = newLogBackend(logWriter(values), {
      format: str(values, 'audit-log-format', 'json') as LogFormat,
      apiVersion: str(values, 'audit-log-version', AUDIT_API_VERSION),
      metrics,
    });
    backends.push(wrapForMode(log, values, 'audit-log', { mode: 'blocking', maxSize: 1, maxWaitMs: 0, throttle: false, qps: 0, burst: 0 }, metrics));
  }
  const webhookFile = str(values, 'audit-webhook-config-file');
  if (webhookFile) {
    let target;
    try {
      target = loadWebhookTarget(webhookFile);
    } catch (err) {
      throw new Error(`--audit-webhook-config-file: initializing audit webhook from ${webhookFile}: ${(err as Error).message}`);
    }
    const webhook = newWebhookBackend(target, {
      apiVersion: str(values, 'audit-webhook-version', AUDIT_API_VERSION),
      initialBackoffMs: num(values, 'audit-webhook-initial-backoff', 10_000),
      metrics,
    });
    backends.push(wrapForMode(webhook, values, 'audit-webhook', { mode: 'batch', maxSize: 400, maxWaitMs: 30_000, throttle: true, qps: 10, burst: 15 }, metrics));
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
