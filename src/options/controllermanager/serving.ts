// The controller manager's serving rows: the shared secure-serving, profiling, logging, metrics,
// feature gate and generic rows, all under the spec's "Serving options", with its differences:
// --secure-port 10257 where 0 turns HTTPS off, no --cert-dir default, no debug socket.
import type { FlagSpec } from '../flag.ts';
import { secureServingFlags } from '../shared/secure-serving.ts';
import { debuggingFlags } from '../shared/debugging.ts';
import { loggingFlags } from '../shared/logging.ts';
import { metricsFlags } from '../shared/metrics.ts';
import { featureGateFlags } from '../shared/feature-gates.ts';
import { genericFlags } from '../shared/generic.ts';
import { SERVING as group } from './groups.ts';

const overrides: Record<string, Partial<FlagSpec>> = {
  'secure-port': { help: 'The port on which to serve HTTPS with authentication and authorization. If 0, don\'t serve HTTPS at all.' },
  'cert-dir': { help: 'The directory where the TLS certs are located. If --tls-cert-file and --tls-private-key-file are provided, this flag will be ignored. Empty: a generated self-signed certificate is kept in memory only.' },
};

export function controllerManagerServingFlags(command: string): FlagSpec[] {
  const serving = secureServingFlags({ group, securePort: '10257', certDir: '' }).map((f) => ({ ...f, ...overrides[f.name] }));
  return [
    ...serving,
    ...debuggingFlags(group).filter((f) => f.name !== 'debug-socket-path'),
    ...featureGateFlags(group),
    ...metricsFlags(group),
    ...loggingFlags(group),
    ...genericFlags(group, command),
  ];
}
