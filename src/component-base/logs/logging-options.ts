// Applies the logging flags to klog: -v, --vmodule, --logging-format (text only),
// --log-flush-frequency, and with gate LoggingAlphaOptions --log-text-split-stream (errors to
// stderr, the rest to stdout) and --log-text-info-buffer-size (buffered info output).
// The options layer builds LoggingOptions from the rows (options/shared/logging-options.ts).
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

/** The logging rows, typed. */
export interface LoggingOptions {
  /** --logging-format; only "text" is supported. */
  format: string;
  splitStream: boolean;
  /** Bytes of info output held back with splitStream; 0 writes each line at once. */
  infoBufferSize: number;
  /** -v */
  verbosity: number;
  vmodule: string;
  flushFrequencyMs: number;
}

export function applyLoggingOptions(opts: LoggingOptions, featureGates?: { enabled(name: string): boolean }): void {
  const format = opts.format;
  if (format !== 'text') throw new Error(`--logging-format: format ${JSON.stringify(format)} is not supported; the permitted format is "text"`);
  const splitStream = opts.splitStream;
  const bufferSize = opts.infoBufferSize;
  const alpha = featureGates?.enabled('LoggingAlphaOptions') ?? false;
  if ((splitStream || bufferSize > 0) && !alpha) {
    throw new Error('--log-text-split-stream and --log-text-info-buffer-size are alpha options and require the LoggingAlphaOptions feature gate');
  }
  if (bufferSize > 0 && !splitStream) throw new Error('--log-text-info-buffer-size only applies with --log-text-split-stream');
  if (flushTimer) clearInterval(flushTimer);
  activeSink = splitStream ? splitStreamSink(bufferSize) : undefined;
  configureLogging({ verbosity: opts.verbosity, vmodule: opts.vmodule, sink: activeSink ?? stderrSink });
  const frequency = opts.flushFrequencyMs;
  if (activeSink && frequency > 0) {
    flushTimer = setInterval(flushLogs, frequency);
    flushTimer.unref();
  }
}
