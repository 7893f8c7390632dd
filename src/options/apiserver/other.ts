// orch-apiserver's own rows of "Logging, metrics and other options" (tracing, egress selection);
// the logging and metrics rows are the shared ones.
import type { FlagSpec } from '../flag.ts';
import { LOGGING_METRICS as group } from './groups.ts';

export const otherFlags: readonly FlagSpec[] = [
  { name: 'tracing-config-file', type: 'string', group, status: 'not-yet', statusNote: 'tracing is not implemented yet',
    help: 'File with server tracing configuration.' },
  { name: 'egress-selector-config-file', type: 'string', group, status: 'not-yet', statusNote: 'egress selection is not implemented yet',
    help: 'File with server egress selector configuration.' },
];
