// The logging rows as the typed options klog is configured with (component-base/logs declares
// the shape, below this layer); logging-validate.ts checks them.
import type { LoggingOptions } from '../../component-base/logs/logging-options.ts';
import type { OptionReader } from '../option-reader.ts';

export function loggingOptions(r: OptionReader): LoggingOptions {
  return {
    format: r.string('logging-format'),
    splitStream: r.bool('log-text-split-stream'),
    infoBufferSize: r.number('log-text-info-buffer-size'),
    verbosity: r.number('v'),
    vmodule: r.string('vmodule'),
    flushFrequencyMs: r.number('log-flush-frequency'),
  };
}
