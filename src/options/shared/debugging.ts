// Profiling rows shared by both daemons.
import type { FlagSpec } from '../flag.ts';

export function debuggingFlags(group: string): FlagSpec[] {
  return [
    { name: 'debug-socket-path', type: 'string', group, status: 'implemented',
      help: 'Use an unprotected (no authn/authz) unix-domain socket for profiling with the given path.' },
    { name: 'profiling', type: 'bool', default: 'true', group, status: 'implemented',
      help: 'Enable profiling via the web interface host:port/debug/pprof/.' },
    { name: 'contention-profiling', type: 'bool', group, status: 'partial',
      statusNote: 'accepted; the runtime has no block profiler, so the block profile is always empty',
      help: 'Enable block profiling, if profiling is enabled.' },
  ];
}
