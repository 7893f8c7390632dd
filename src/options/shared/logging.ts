// Logging rows shared by both daemons (component-base/logs in Kubernetes).
import type { FlagSpec } from '../flag.ts';

export function loggingFlags(group: string): FlagSpec[] {
  return [
    { name: 'log-flush-frequency', type: 'duration', default: '5s', group, status: 'implemented',
      help: 'Maximum number of seconds between log flushes.' },
    { name: 'log-text-info-buffer-size', type: 'quantity', default: '0', group, status: 'implemented',
      help: '[Alpha] In text format with split output streams, the info messages can be buffered for a while to increase performance. The default value of zero bytes disables buffering. The size can be specified as number of bytes (512), multiples of 1000 (1K), multiples of 1024 (2Ki), or powers of those (3M, 4G, 5Mi, 6Gi). Enable the LoggingAlphaOptions feature gate to use this.' },
    { name: 'log-text-split-stream', type: 'bool', group, status: 'implemented',
      help: '[Alpha] In text format, write error messages to stderr and info messages to stdout. The default is to write a single stream to stdout. Enable the LoggingAlphaOptions feature gate to use this.' },
    { name: 'logging-format', type: 'string', default: 'text', group, status: 'implemented',
      help: 'Sets the log format. Permitted formats: "text".' },
    { name: 'v', short: 'v', type: 'int', group, status: 'implemented', valueName: 'Level',
      help: 'number for the log level verbosity' },
    { name: 'vmodule', type: 'string', group, status: 'implemented', valueName: 'pattern=N,...',
      help: 'comma-separated list of pattern=N settings for file-filtered logging (only works for text log format)' },
  ];
}
