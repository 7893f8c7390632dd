// In-flight limits and request time-outs (the spec's "Limits").
import type { FlagSpec } from '../flag.ts';
import { LIMITS as group } from './groups.ts';

export const limitsFlags: readonly FlagSpec[] = [
  { name: 'max-requests-inflight', type: 'int', default: '400', group, status: 'implemented',
    help: 'This and --max-mutating-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of non-mutating requests in flight, or a zero value disables the limit completely.' },
  { name: 'max-mutating-requests-inflight', type: 'int', default: '200', group, status: 'implemented',
    help: 'This and --max-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of mutating requests in flight, or a zero value disables the limit completely.' },
  { name: 'enable-priority-and-fairness', type: 'bool', default: 'true', group, status: 'implemented',
    help: 'If true, replace the max-in-flight handler with an enhanced one that queues and dispatches with priority and fairness' },
  { name: 'request-timeout', type: 'duration', default: '1m0s', group, status: 'implemented',
    help: 'An optional field indicating the duration a handler must keep a request open before timing it out. This is the default request timeout for requests but may be overridden by flags such as --min-request-timeout for specific types of requests.' },
  { name: 'min-request-timeout', type: 'int', default: '1800', group, status: 'implemented',
    help: 'An optional field indicating the minimum number of seconds a handler must keep a request open before timing it out. Currently only honored by the watch request handler, which picks a randomized value above this number as the connection timeout, to spread out load.' },
];
