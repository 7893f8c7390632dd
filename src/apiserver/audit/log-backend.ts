// --audit-log-*: events as lines of a file (rotated) or of standard output, in the json format
// (one Event object per line) or the legacy one-line text form.
import type { AuditBackend } from './backend.ts';
import { handlePluginError } from './backend.ts';
import { legacyEventLine } from './format-legacy.ts';
import type { AuditMetrics } from './metrics.ts';
import type { AuditEvent } from './types.ts';

export type LogFormat = 'json' | 'legacy';

/** Where lines go: write throws when they cannot be written. */
export interface LineWriter {
  write(text: string): void;
  close(): Promise<void>;
}

export const stdoutWriter: LineWriter = {
  write: (text) => void process.stdout.write(text),
  close: async () => {},
};

/** An event as a json line, serialised with the configured group version. */
export function jsonEventLine(ev: AuditEvent, apiVersion: string): string {
  return JSON.stringify(ev.apiVersion === apiVersion ? ev : { ...ev, apiVersion });
}

export function newLogBackend(out: LineWriter, opts: { format: LogFormat; apiVersion: string; metrics: AuditMetrics }): AuditBackend {
  const line = opts.format === 'legacy' ? legacyEventLine : (ev: AuditEvent) => jsonEventLine(ev, opts.apiVersion);
  return {
    processEvents(events) {
      // One write per batch: a batch lands whole or is reported failed whole.
      let text = '';
      for (const ev of events) text += line(ev) + '\n';
      try {
        out.write(text);
        return true;
      } catch (err) {
        handlePluginError(opts.metrics, 'log', err, events);
        return false;
      }
    },
    shutdown: () => out.close(),
  };
}
