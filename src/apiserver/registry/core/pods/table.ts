// The columns `kubectl get pods` shows, computed as Kubernetes' pod printer does: READY counts
// ready containers (restartable init containers included) of all; STATUS is the phase, or the
// pod's reason, SchedulingGated, an init container's progress ("Init:1/2", "Init:Error"), a
// container's waiting or terminated reason, Terminating once deleted; RESTARTS adds "(5m ago)"
// after the last restart. -o wide adds IP, NODE, NOMINATED NODE and READINESS GATES.
import type { Pod, PodStatus } from '../../../../api/core/v1/pod-types.ts';
import type { Container, ContainerStatus } from '../../../../api/core/v1/container-types.ts';
import { timeToDate } from '../../../../api/meta/v1/time.ts';
import { humanDuration, timestampSince } from '../../human-duration.ts';
import type { ResourceTable, TableColumnDefinition } from '../../resource.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';

const COLUMNS: TableColumnDefinition[] = [
  NAME_COLUMN,
  { name: 'Ready', type: 'string', format: '', priority: 0, description: 'Ready containers out of all of the pod\'s containers: whether it can take traffic.' },
  { name: 'Status', type: 'string', format: '', priority: 0, description: 'A one-word summary of the pod and its containers.' },
  { name: 'Restarts', type: 'string', format: '', priority: 0, description: 'How many times the pod\'s containers restarted, and how long ago the last one did.' },
  AGE_COLUMN,
  { name: 'IP', type: 'string', format: '', priority: 1, description: 'The pod\'s primary IP address.' },
  { name: 'Node', type: 'string', format: '', priority: 1, description: 'The node the pod runs on.' },
  { name: 'Nominated Node', type: 'string', format: '', priority: 1, description: 'The node the pod is expected to run on once preemption there ends.' },
  { name: 'Readiness Gates', type: 'string', format: '', priority: 1, description: 'Readiness gates whose condition is True, out of all.' },
];

const isRestartable = (c: Container | undefined) => c?.restartPolicy === 'Always';

function conditionTrue(status: PodStatus | undefined, type: string): boolean {
  return (status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

/** Tracks the latest time a container last terminated. */
class LastRestart {
  at = 0;
  see(s: ContainerStatus): void {
    const t = timeToDate(s.lastState?.terminated?.finishedAt)?.getTime() ?? 0;
    if (t > this.at) this.at = t;
  }
}

function terminatedReason(prefix: string, t: NonNullable<NonNullable<ContainerStatus['state']>['terminated']>): string {
  if (t.reason) return `${prefix}${t.reason}`;
  return t.signal ? `${prefix}Signal:${t.signal}` : `${prefix}ExitCode:${t.exitCode ?? 0}`;
}

interface Summary {
  ready: number;
  total: number;
  reason: string;
  restarts: number;
  lastRestart: number;
}

function summarize(pod: Pod): Summary {
  const spec = pod.spec;
  const status = pod.status;
  const initSpecs = new Map((spec?.initContainers ?? []).map((c) => [c.name, c]));
  const total = (spec?.containers ?? []).length + [...initSpecs.values()].filter(isRestartable).length;
  let ready = 0;
  let restarts = 0;
  let sidecarRestarts = 0;
  let reason = status?.reason || status?.phase || '';
  if ((status?.conditions ?? []).some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) reason = 'SchedulingGated';
  const last = new LastRestart();
  const sidecarLast = new LastRestart();
  let initializing = false;
  const inits = status?.initContainerStatuses ?? [];
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i]!;
    const state = c.state ?? {};
    restarts += c.restartCount ?? 0;
    last.see(c);
    const restartable = isRestartable(initSpecs.get(c.name));
    if (restartable) {
      sidecarRestarts += c.restartCount ?? 0;
      sidecarLast.see(c);
    }
    if (state.terminated && (state.terminated.exitCode ?? 0) === 0) continue;
    if (restartable && c.started) {
      if (c.ready) ready++;
      continue;
    }
    if (state.terminated) reason = terminatedReason('Init:', state.terminated);
    else if (state.waiting?.reason && state.waiting.reason !== 'PodInitializing') reason = `Init:${state.waiting.reason}`;
    else reason = `Init:${i}/${(spec?.initContainers ?? []).length}`;
    initializing = true;
    break;
  }
  let lastRestart = last.at;
  if (!initializing || conditionTrue(status, 'Initialized')) {
    restarts = sidecarRestarts;
    lastRestart = sidecarLast.at;
    let running = false;
    const statuses = status?.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i]!;
      const state = c.state ?? {};
      restarts += c.restartCount ?? 0;
      const t = timeToDate(c.lastState?.terminated?.finishedAt)?.getTime() ?? 0;
      if (t > lastRestart) lastRestart = t;
      if (state.waiting?.reason) reason = state.waiting.reason;
      else if (state.terminated?.reason) reason = state.terminated.reason;
      else if (state.terminated) reason = terminatedReason('', state.terminated);
      else if (c.ready && state.running) {
        running = true;
        ready++;
      }
    }
    // A pod whose last container completed while another still runs is not Completed.
    if (reason === 'Completed' && running) reason = conditionTrue(status, 'Ready') ? 'Running' : 'NotReady';
  }
  const phase = status?.phase ?? '';
  if (pod.metadata.deletionTimestamp && status?.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';
  return { ready, total, reason, restarts, lastRestart };
}

function readinessGates(pod: Pod): string {
  const gates = pod.spec?.readinessGates ?? [];
  if (!gates.length) return '<none>';
  const conditions = pod.status?.conditions ?? [];
  const passing = gates.filter((g) => conditions.find((c) => c.type === g.conditionType)?.status === 'True').length;
  return `${passing}/${gates.length}`;
}

export function podTable(): ResourceTable<Pod> {
  return {
    columns: COLUMNS,
    row(pod) {
      const now = new Date();
      const s = summarize(pod);
      const restarts = s.restarts !== 0 && s.lastRestart ? `${s.restarts} (${humanDuration(now.getTime() - s.lastRestart)} ago)` : String(s.restarts);
      return [
        pod.metadata.name ?? '',
        `${s.ready}/${s.total}`,
        s.reason,
        restarts,
        timestampSince(pod.metadata.creationTimestamp, now),
        pod.status?.podIPs?.[0]?.ip || '<none>',
        pod.spec?.nodeName || '<none>',
        pod.status?.nominatedNodeName || '<none>',
        readinessGates(pod),
      ];
    },
  };
}
