// A simulated pod's phase and the conditions the node agent owns, worked out from its containers
// as the node agent does: Pending until its init containers have completed and an app container
// has run; Running while any runs or will be restarted; Succeeded or Failed once its containers
// are done for good (for a deleted pod, once they have stopped); Failed at once past its active
// deadline or when an init container fails in a pod that never restarts.
import type { PodCondition } from '../api/core/v1/pod-types.ts';
import type { ContainerRun } from './container-run.ts';

export type Phase = 'Pending' | 'Running' | 'Succeeded' | 'Failed';

export interface PodFacts {
  restartPolicy: string;
  sandboxReady: boolean;
  initContainers: readonly ContainerRun[];
  containers: readonly ContainerRun[];
  /** Deleted, and every container has stopped. */
  stopped: boolean;
  /** Killed for a reason of the pod's own (DeadlineExceeded). */
  failure: { reason: string; message: string } | undefined;
}

function exitedZero(c: ContainerRun): boolean {
  return c.state === 'terminated' && c.terminated?.exitCode === 0;
}

export function podPhase(p: PodFacts): Phase {
  if (p.failure) return 'Failed';
  const regularInits = p.initContainers.filter((c) => c.kind === 'init');
  if (p.restartPolicy === 'Never' && regularInits.some((c) => c.state === 'terminated' && c.terminated!.exitCode !== 0)) return 'Failed';
  if (p.stopped) return p.containers.every(exitedZero) ? 'Succeeded' : 'Failed';
  if (!regularInits.every((c) => c.succeeded)) return 'Pending';
  const apps = p.containers;
  if (apps.some((c) => c.state === 'running')) return 'Running';
  if (!apps.some((c) => c.hasRun)) return 'Pending';
  if (!apps.every((c) => c.state === 'terminated')) return 'Running';
  const allZero = apps.every(exitedZero);
  if (p.restartPolicy === 'Never') return allZero ? 'Succeeded' : 'Failed';
  if (p.restartPolicy === 'OnFailure') return allZero ? 'Succeeded' : 'Running';
  return 'Running';
}

export function initialized(p: PodFacts): boolean {
  return p.initContainers.every((c) => (c.kind === 'sidecar' ? c.started || c.hasRun : c.succeeded));
}

/** A condition as the agent decides it, before its transition time is kept or set. */
export type ConditionDraft = Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>;

function list(names: string[]): string {
  return `[${names.join(' ')}]`;
}

/** The readiness gates' verdict: undefined when all are met, else the reason and message. */
export function readinessGatesVerdict(gates: readonly string[], conditions: readonly PodCondition[]): string | undefined {
  for (const gate of gates) {
    const condition = conditions.find((c) => c.type === gate);
    if (!condition) return `corresponding condition of pod readiness gate "${gate}" does not exist.`;
    if (condition.status !== 'True') return `the status of pod readiness gate "${gate}" is not "True", but ${condition.status}`;
  }
  return undefined;
}

export function agentConditions(p: PodFacts, phase: Phase, gates: readonly string[], otherConditions: readonly PodCondition[]): ConditionDraft[] {
  const completed = phase === 'Succeeded';
  const out: ConditionDraft[] = [{ type: 'PodReadyToStartContainers', status: p.sandboxReady ? 'True' : 'False' }];
  const incomplete = p.initContainers.filter((c) => !(c.kind === 'sidecar' ? c.started || c.hasRun : c.succeeded)).map((c) => c.name);
  if (incomplete.length === 0) out.push({ type: 'Initialized', status: 'True', ...(phase === 'Succeeded' || phase === 'Failed' ? { reason: 'PodCompleted' } : {}) });
  else out.push({ type: 'Initialized', status: 'False', reason: 'ContainersNotInitialized', message: `containers with incomplete status: ${list(incomplete)}` });
  const unready = p.containers.filter((c) => !c.ready).map((c) => c.name);
  const containersReady: ConditionDraft = completed
    ? { type: 'ContainersReady', status: 'False', reason: 'PodCompleted' }
    : unready.length || phase === 'Failed'
      ? { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message: `containers with unready status: ${list(unready.length ? unready : p.containers.map((c) => c.name))}` }
      : { type: 'ContainersReady', status: 'True' };
  out.push(containersReady);
  const gateProblem = readinessGatesVerdict(gates, otherConditions);
  if (containersReady.status !== 'True') out.push({ ...containersReady, type: 'Ready' });
  else if (gateProblem) out.push({ type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady', message: gateProblem });
  else out.push({ type: 'Ready', status: 'True' });
  return out;
}
