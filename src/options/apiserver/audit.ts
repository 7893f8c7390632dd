// Audit rows: the policy file and the two backends (log file, webhook), each with batching and
// truncation settings under its own prefix.
import type { FlagSpec, FlagType } from '../flag.ts';
import { AUDIT_LOG, AUDIT_WEBHOOK } from './groups.ts';

type Row = [suffix: string, type: FlagType, defaultValue: string, help: string];

function rows(prefix: string, group: string, list: Row[]): FlagSpec[] {
  return list.map(([suffix, type, def, help]) => ({
    name: `${prefix}-${suffix}`,
    type,
    ...(def === '' ? {} : { default: def }),
    group,
    status: 'implemented' as const,
    help,
  }));
}

function batchRows(d: { bufferSize: string; maxSize: string; maxWait: string; throttle: string; qps: string; burst: string }): Row[] {
  return [
    ['batch-buffer-size', 'int', d.bufferSize, 'The size of the buffer to store events before batching and writing. Only used in batch mode.'],
    ['batch-max-size', 'int', d.maxSize, 'The maximum size of a batch. Only used in batch mode.'],
    ['batch-max-wait', 'duration', d.maxWait, 'The amount of time to wait before force writing the batch that hadn\'t reached the max size. Only used in batch mode.'],
    ['batch-throttle-enable', 'bool', d.throttle, 'Whether batching throttling is enabled. Only used in batch mode.'],
    ['batch-throttle-qps', 'float', d.qps, 'Maximum average number of batches per second. Only used in batch mode.'],
    ['batch-throttle-burst', 'int', d.burst, `Maximum number of requests sent at the same moment if ThrottleQPS was not utilized before. Only used in batch mode.`],
  ];
}

const truncateRows: Row[] = [
  ['truncate-enabled', 'bool', '', 'Whether event and batch truncating is enabled.'],
  ['truncate-max-batch-size', 'int', '10485760', 'Maximum size of the batch sent to the underlying backend. Actual serialized size can be several hundreds of bytes greater. If a batch exceeds this limit, it is split into several batches of smaller size.'],
  ['truncate-max-event-size', 'int', '102400', 'Maximum size of the audit event sent to the underlying backend. If the size of an event is greater than this number, first request and response are removed, and if this doesn\'t reduce the size enough, event is discarded.'],
];

export const auditFlags: readonly FlagSpec[] = [
  { name: 'audit-policy-file', type: 'string', group: AUDIT_LOG, status: 'implemented',
    help: 'Path to the file that defines the audit policy configuration.' },
  ...rows('audit-log', AUDIT_LOG, [
    ['path', 'string', '', 'If set, all requests coming to the server will be logged to this file. \'-\' means standard out.'],
    ['format', 'string', 'json', 'Format of saved audits. "legacy" indicates 1-line text format for each event. "json" indicates structured json format. Known formats are legacy,json.'],
    ['mode', 'string', 'blocking', 'Strategy for sending audit events. Blocking indicates sending events should block server responses. Batch causes the backend to buffer and write events asynchronously. Known modes are batch,blocking,blocking-strict.'],
    ['maxage', 'int', '', 'The maximum number of days to retain old audit log files based on the timestamp encoded in their filename.'],
    ['maxbackup', 'int', '', 'The maximum number of old audit log files to retain. Setting a value of 0 will mean there\'s no restriction on the number of files.'],
    ['maxsize', 'int', '', 'The maximum size in megabytes of the audit log file before it gets rotated.'],
    ['compress', 'bool', '', 'If set, the rotated log files will be compressed using gzip.'],
    ['version', 'string', 'audit.orch.io/v1', 'API group and version used for serializing audit events written to log.'],
    ...truncateRows,
    ...batchRows({ bufferSize: '10000', maxSize: '1', maxWait: '', throttle: '', qps: '', burst: '' }),
  ]),
  ...rows('audit-webhook', AUDIT_WEBHOOK, [
    ['config-file', 'string', '', 'Path to a orchconfig formatted file that defines the audit webhook configuration.'],
    ['mode', 'string', 'batch', 'Strategy for sending audit events. Blocking indicates sending events should block server responses. Batch causes the backend to buffer and write events asynchronously. Known modes are batch,blocking,blocking-strict.'],
    ['initial-backoff', 'duration', '10s', 'The amount of time to wait before retrying the first failed request.'],
    ...batchRows({ bufferSize: '10000', maxSize: '400', maxWait: '30s', throttle: 'true', qps: '10', burst: '15' }),
    ...truncateRows,
    ['version', 'string', 'audit.orch.io/v1', 'API group and version used for serializing audit events written to webhook.'],
  ]),
];
