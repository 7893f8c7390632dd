// Periods and API client rows.
import type { FlagSpec } from '../flag.ts';
import { PERIODS_CLIENT as group } from './groups.ts';

export const API_CONTENT_TYPES: readonly string[] = ['application/vnd.orch.protobuf', 'application/json'];

export const periodsClientFlags: readonly FlagSpec[] = [
  { name: 'namespace-sync-period', type: 'duration', default: '5m0s', group, status: 'implemented',
    help: 'The period for syncing namespace life-cycle updates' },
  { name: 'resource-quota-sync-period', type: 'duration', default: '5m0s', group, status: 'implemented',
    help: 'The period for syncing quota usage status in the system' },
  { name: 'min-resync-period', type: 'duration', default: '12h0m0s', group, status: 'implemented',
    help: 'The resync period in reflectors will be random between MinResyncPeriod and 2*MinResyncPeriod.' },
  { name: 'orch-api-qps', type: 'float', default: '20', group, status: 'implemented', valueName: 'float32',
    help: 'QPS to use while talking with orch-apiserver.' },
  { name: 'orch-api-burst', type: 'int', default: '30', group, status: 'implemented', valueName: 'int32',
    help: 'Burst to use while talking with orch-apiserver.' },
  { name: 'orch-api-content-type', type: 'string', default: 'application/vnd.orch.protobuf', group, status: 'implemented',
    help: 'Content type of requests sent to apiserver. Kinds without a protobuf form are sent and read as JSON.' },
  { name: 'orchconfig', type: 'string', group, status: 'implemented',
    help: 'Path to orchconfig file with authorization and master location information (the master location can be overridden by the master flag).' },
  { name: 'master', type: 'string', group, status: 'implemented',
    help: 'The address of the orch API server (overrides any value in orchconfig).' },
];
