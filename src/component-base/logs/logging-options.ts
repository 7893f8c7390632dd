// Applies the logging flags to klog: -v, --vmodule, --logging-format (text only),
// --log-flush-frequency, and with gate LoggingAlphaOptions --log-text-split-stream (errors to
// stderr, the rest to stdout) and --log-text-info-buffer-size (buffered info output).
import type { FlagValues } from '../../options/flag.ts';
import { configureLogging, type LogSink } from './klog.ts';

interface BufferedSink extends LogSink {
  flush(): void;
}

const stderrSink: LogSink = { write: (_severity, line) => void process.stderr.write(line) };

let activeSink: BufferedSink | undefined;
let flushTimer: NodeJS.Timeout | undefined;

function splitStreamSink(bufferBytes: number): BufferedSink {
  let pending: string[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pending.length === 0) return;
    process.stdout.write(pending.join(''));
    pending = [];
    pendingBytes = 0;
  };
  return {
    write(severity, line) {
      if (severity === 'E') {
        // Errors are never held back behind buffered info lines.
        flush();
        process.stderr.write(line);
        return;
      }
      if (bufferBytes <= 0) {
        process.stdout.write(line);
        return;
      }
      pending.push(line);
      pendingBytes += Buffer.byteLength(line);
      if (pendingBytes >= bufferBytes) flush();
    },
    flush,
  };
}

/** Writes out buffered log lines (call before exit). */
export function flushLogs(): void {
  activeSink?.flush();
}

export function applyLoggingOptions(values: FlagValues, featureGates?: { enabled(name: string): boolean }): void {
  const format = values['logging-format'];
  if (format !== undefined && format !== 'text') throw new Error(`--logging-format: format ${JSON.stringify(format)} is not supported; the permitted format is "text"`);
  const splitStream = values['log-text-split-stream'] === true;
  const bufferSize = typeof values['log-text-info-buffer-size'] === 'number' ? values['log-text-info-buffer-size'] : 0;
  const alpha = featureGates?.enabled('LoggingAlphaOptions') ?? false;
  if ((splitStream || bufferSize > 0) && !alpha) {
    throw new Error('--log-text-split-stream and --log-text-info-buffer-size are alpha options and require the LoggingAlphaOptions feature gate');
  }
  if (bufferSize > 0 && !splitStream) throw new Error('--log-text-info-buffer-size only applies with --log-text-split-stream');
  const verbosity = typeof values['v'] === 'number' ? values['v'] : undefined;
  const vmodule = typeof values['vmodule'] === 'string' ? values['vmodule'] : undefined;
  if (flushTimer) clearInterval(flushTimer);
  activeSink = splitStream ? splitStreamSink(bufferSize) : undefined;
  configureLogging({ verbosity, vmodule, sink: activeSink ?? stderrSink });
  const frequency = typeof values['log-flush-frequency'] === 'number' ? values['log-flush-frequency'] : 5000;
  if (activeSink && frequency > 0) {
    flushTimer = setInterval(flushLogs, frequency);
    flushTimer.unref();
  }
}
