// Start-up and shutdown rows (the spec's "States and transitions").
import type { FlagSpec } from '../flag.ts';
import { LIFECYCLE as group } from './groups.ts';

export const lifecycleFlags: readonly FlagSpec[] = [
  { name: 'livez-grace-period', type: 'duration', default: '0s', group, status: 'implemented',
    help: 'This option represents the maximum amount of time it should take for the server to complete its startup sequence and become live. From the server\'s start time to when this amount of time has elapsed, /livez will assume that unfinished post-start hooks will complete successfully and therefore return true.' },
  { name: 'shutdown-delay-duration', type: 'duration', default: '0s', group, status: 'implemented',
    help: 'Time to delay the termination. During that time the server keeps serving requests normally. The endpoints /healthz and /livez will return success, but /readyz immediately returns failure. Graceful termination starts after this delay has elapsed. This can be used to allow load balancer to stop sending traffic to this server.' },
  { name: 'shutdown-send-retry-after', type: 'bool', default: 'false', group, status: 'implemented',
    help: 'If true the HTTP Server will continue listening until all non long running request(s) in flight have been drained, during this window all incoming requests will be rejected with a status code 429 and a \'Retry-After\' response header, in addition \'Connection: close\' response header is set in order to tear down the TCP connection when idle.' },
  { name: 'shutdown-watch-termination-grace-period', type: 'duration', default: '0s', group, status: 'implemented',
    help: 'This option, if set, represents the maximum amount of grace period the server will wait for active watch request(s) to drain during the graceful server shutdown window.' },
];
