// A container's state taken back from the status an earlier run of the agent wrote, so that a
// restarted agent carries on with the pods it already ran: the same state, times, IDs, restarts
// and readiness, rather than starting them afresh.
import type { ContainerState, ContainerStatus } from '../api/core/v1/container-types.ts';
import type { ContainerRun, Terminated } from './container-run.ts';

function ms(time: string | null | undefined): number {
  const parsed = time ? Date.parse(time) : NaN;
  return Number.isFinite(parsed) ? parsed : 0;
}

function terminatedFrom(state: ContainerState | undefined): Terminated | undefined {
  const t = state?.terminated;
  if (!t) return undefined;
  return { exitCode: t.exitCode, reason: t.reason ?? '', startedAt: ms(t.startedAt), finishedAt: ms(t.finishedAt), containerID: t.containerID ?? '', ...(t.signal ? { signal: t.signal } : {}) };
}

export function restoreContainer(c: ContainerRun, status: ContainerStatus | undefined): void {
  if (!status) return;
  c.restartCount = status.restartCount ?? 0;
  c.last = terminatedFrom(status.lastState);
  if (status.containerID) c.containerID = status.containerID;
  if (status.containerID) c.image = c.spec.image ?? '';
  const state = status.state ?? {};
  if (state.running) {
    c.state = 'running';
    c.startedAt = ms(state.running.startedAt);
    c.started = status.started ?? true;
    c.ready = status.ready;
  } else if (state.terminated) {
    c.state = 'terminated';
    c.terminated = terminatedFrom(state);
    c.startedAt = c.terminated?.startedAt ?? 0;
    c.ready = status.ready;
  } else if (state.waiting) {
    c.state = 'waiting';
    c.waitingReason = state.waiting.reason ?? 'ContainerCreating';
    c.waitingMessage = state.waiting.message;
  }
}
