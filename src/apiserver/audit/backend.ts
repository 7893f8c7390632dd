// The backend seam: the log file, the webhook and the decorators around them (batching,
// truncation, union) all take events the same way.
import { klog } from '../../component-base/logs/klog.ts';
import type { AuditMetrics } from './metrics.ts';
import type { AuditEvent } from './types.ts';
import { legacyEventLine } from './format-legacy.ts';

const log = klog('audit/backend');

export interface AuditBackend {
  /**
   * Takes events for recording. False when some could not be recorded, which blocking-strict
   * turns into a failed request; a promise when recording waits on the network (webhook).
   */
  processEvents(events: AuditEvent[]): boolean | Promise<boolean>;
  /** Writes or sends whatever is buffered, then releases files and connections. */
  shutdown(): Promise<void>;
}

/** Counts and logs events a plugin failed to record, naming them in the legacy one-line form. */
export function handlePluginError(metrics: AuditMetrics, plugin: string, err: unknown, events: AuditEvent[]): void {
  metrics.pluginError(plugin, events.length);
  log.error(`Error in audit plugin '${plugin}' affecting ${events.length} audit events`, {
    err: err instanceof Error ? err.message : String(err),
    impacted: events.map((e) => legacyEventLine(e)).join('\n'),
  });
}

/** Every backend gets every event; false if any of them failed. */
export function unionBackend(backends: AuditBackend[]): AuditBackend {
  if (backends.length === 1) return backends[0]!;
  return {
    processEvents(events) {
      const results = backends.map((b) => b.processEvents(events));
      if (results.every((r) => typeof r === 'boolean')) return results.every(Boolean);
      return Promise.all(results).then((all) => all.every(Boolean));
    },
    async shutdown() {
      await Promise.all(backends.map((b) => b.shutdown()));
    },
  };
}

/** Blocking (not strict) mode: a failure is counted and logged by the plugin, never refused. */
export function ignoreErrors(backend: AuditBackend): AuditBackend {
  return {
    processEvents(events) {
      const r = backend.processEvents(events);
      return typeof r === 'boolean' ? true : r.then(() => true);
    },
    shutdown: () => backend.shutdown(),
  };
}
