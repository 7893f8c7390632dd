// --audit-*-truncate-*: an event larger than the event limit loses its request and response
// objects (and is annotated so); still too large, it is dropped. Batches larger than the batch
// limit are split before they reach the backend.
import type { AuditBackend } from './backend.ts';
import { handlePluginError } from './backend.ts';
import type { AuditMetrics } from './metrics.ts';
import { levelAtLeast, type AuditEvent } from './types.ts';
import { jsonEventLine } from './log-backend.ts';

export const TRUNCATED_ANNOTATION = 'audit.orch.io/truncated';

export interface TruncateOptions {
  maxEventSize: number;
  maxBatchSize: number;
  apiVersion: string;
}

function truncated(ev: AuditEvent): AuditEvent {
  const out: AuditEvent = { ...ev, annotations: { ...ev.annotations, [TRUNCATED_ANNOTATION]: 'true' } };
  delete out.requestObject;
  delete out.responseObject;
  return out;
}

export function newTruncateBackend(delegate: AuditBackend, opts: TruncateOptions, metrics: AuditMetrics): AuditBackend {
  const sizeOf = (ev: AuditEvent) => Buffer.byteLength(jsonEventLine(ev, opts.apiVersion));
  return {
    processEvents(events) {
      const results: Array<boolean | Promise<boolean>> = [];
      const dropped: AuditEvent[] = [];
      let batch: AuditEvent[] = [];
      let batchSize = 0;
      for (let ev of events) {
        let size = sizeOf(ev);
        if (size > opts.maxEventSize && levelAtLeast(ev.level, 'Request')) {
          ev = truncated(ev);
          size = sizeOf(ev);
        }
        if (size > opts.maxEventSize) {
          dropped.push(ev);
          continue;
        }
        if (batch.length > 0 && batchSize + size > opts.maxBatchSize) {
          results.push(delegate.processEvents(batch));
          batch = [];
          batchSize = 0;
        }
        batch.push(ev);
        batchSize += size;
      }
      if (batch.length > 0) results.push(delegate.processEvents(batch));
      if (dropped.length > 0) handlePluginError(metrics, 'truncate', new Error('event is too large even after truncating'), dropped);
      if (results.every((r) => typeof r === 'boolean')) return results.every(Boolean);
      return Promise.all(results).then((all) => all.every(Boolean));
    },
    shutdown: () => delegate.shutdown(),
  };
}
