// Leader election rows.
import type { FlagSpec } from '../flag.ts';
import { LEADER_ELECTION as group } from './groups.ts';

const leaseNote = 'works once the API server serves coordination.orch.io/v1 leases';

export const leaderElectionFlags: readonly FlagSpec[] = [
  { name: 'leader-elect', type: 'bool', default: 'true', group, status: 'partial', statusNote: leaseNote,
    help: 'Start a leader election client and gain leadership before executing the main loop. Enable this when running replicated components for high availability.' },
  { name: 'leader-elect-lease-duration', type: 'duration', default: '15s', group, status: 'implemented',
    help: 'The duration that non-leader candidates will wait after observing a leadership renewal until attempting to acquire leadership of a led but unrenewed leader slot. This is effectively the maximum duration that a leader can be stopped before it is replaced by another candidate. This is only applicable if leader election is enabled.' },
  { name: 'leader-elect-renew-deadline', type: 'duration', default: '10s', group, status: 'implemented',
    help: 'The interval between attempts by the acting master to renew a leadership slot before it stops leading. This must be less than the lease duration. This is only applicable if leader election is enabled.' },
  { name: 'leader-elect-retry-period', type: 'duration', default: '2s', group, status: 'implemented',
    help: 'The duration the clients should wait between attempting acquisition and renewal of a leadership. This is only applicable if leader election is enabled.' },
  { name: 'leader-elect-resource-lock', type: 'string', default: 'leases', group, status: 'implemented',
    help: "The type of resource object that is used for locking during leader election. Supported options are 'leases'." },
  { name: 'leader-elect-resource-name', type: 'string', default: 'orch-controller-manager', group, status: 'implemented',
    help: 'The name of resource object that is used for locking during leader election.' },
  { name: 'leader-elect-resource-namespace', type: 'string', default: 'orch-system', group, status: 'implemented',
    help: 'The namespace of resource object that is used for locking during leader election.' },
  { name: 'enable-leader-migration', type: 'bool', group, status: 'implemented',
    help: 'Whether to enable controller leader migration.' },
  { name: 'leader-migration-config', type: 'string', group, status: 'implemented',
    help: 'Path to the config file for controller leader migration, or empty to use the value that reflects default configuration of the controller manager. The config file should be of type LeaderMigrationConfiguration, group controllermanager.config.orch.io, version v1alpha1.' },
];
