// orch-apiserver's own rows of "Logging, metrics and other options" (tracing, egress selection);
// the logging and metrics rows are the shared ones.
import type { FlagSpec } from '../flag.ts';
import { LOGGING_METRICS as group } from './groups.ts';

export const otherFlags: readonly FlagSpec[] = [
  { name: 'tracing-config-file', type: 'string', group, status: 'implemented',
    help: 'File with server tracing configuration.' },
  { name: 'egress-selector-config-file', type: 'string', group, status: 'partial',
    statusNote: 'GRPC (konnectivity) selections are refused, and the etcd selection must be Direct when --kvstore-servers is set: neither has a client that takes a dialer',
    help: 'File with server egress selector configuration.' },
];
