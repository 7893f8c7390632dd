// One simulated container of a pod: its state (waiting, running or terminated, with the times,
// exit code and IDs a runtime would report), the run before it, its restarts, whether it has
// started and is ready, its status as the API shows it, and the command line it would run.
import { randomBytes } from 'node:crypto';
import type { Container, ContainerState, ContainerStatus } from '../api/core/v1/container-types.ts';
import type { TimerHandle } from '../client/clock/clock.ts';
import type { ContainerKind, ContainerScript } from './container-script.ts';
import { imageID, normalizeImage } from './images.ts';

export interface Terminated {
  exitCode: number;
  reason: string;
  startedAt: number;
  finishedAt: number;
  containerID: string;
  signal?: number;
}

export class ContainerRun {
  spec: Container;
  readonly kind: ContainerKind;
  script: ContainerScript;
  state: 'waiting' | 'running' | 'terminated' = 'waiting';
  waitingReason = 'ContainerCreating';
  waitingMessage: string | undefined;
  startedAt = 0;
  terminated: Terminated | undefined;
  last: Terminated | undefined;
  containerID = '';
  /** The image of the current run, once pulled. */
  image = '';
  restartCount = 0;
  /** The wait before the last restart (undefined before any). */
  backoffMs: number | undefined;
  started = false;
  ready = false;
  /** Set once the container is being started (its image pulled, then created). */
  launching = false;
  readonly timers = new Set<TimerHandle>();

  constructor(spec: Container, kind: ContainerKind, script: ContainerScript) {
    this.spec = spec;
    this.kind = kind;
    this.script = script;
  }

  get name(): string {
    return this.spec.name;
  }

  /** A completed init container (exit 0), after which the next one may start. */
  get succeeded(): boolean {
    return this.state === 'terminated' && this.terminated?.exitCode === 0;
  }

  /** Has run at least once. */
  get hasRun(): boolean {
    return this.containerID !== '';
  }

  beginRun(now: number): void {
    this.state = 'running';
    this.startedAt = now;
    this.containerID = `simulated://${randomBytes(32).toString('hex')}`;
    this.image = this.spec.image ?? '';
    this.terminated = undefined;
    this.launching = false;
  }

  endRun(exitCode: number, reason: string, now: number, signal?: number): void {
    this.state = 'terminated';
    this.started = false;
    // A finished init container counts as ready, as the node agent reports it.
    this.ready = this.kind === 'init' && exitCode === 0;
    this.terminated = { exitCode, reason, startedAt: this.startedAt, finishedAt: now, containerID: this.containerID, ...(signal ? { signal } : {}) };
  }

  wait(reason: string, message?: string): void {
    if (this.terminated) this.last = this.terminated;
    this.terminated = undefined;
    this.state = 'waiting';
    this.waitingReason = reason;
    this.waitingMessage = message;
    this.started = false;
    this.ready = false;
  }

  cancelTimers(): void {
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
  }

  status(): ContainerStatus {
    const image = normalizeImage(this.image || this.spec.image || '');
    const status: ContainerStatus = {
      name: this.name,
      state: this.currentState(),
      lastState: this.last ? { terminated: terminatedState(this.last) } : {},
      ready: this.ready,
      restartCount: this.restartCount,
      image,
      imageID: this.hasRun ? imageID(this.image) : '',
      started: this.started,
    };
    if (this.hasRun) status.containerID = this.containerID;
    return status;
  }

  private currentState(): ContainerState {
    if (this.state === 'running') return { running: { startedAt: rfc3339(this.startedAt) } };
    if (this.state === 'terminated' && this.terminated) return { terminated: terminatedState(this.terminated) };
    return { waiting: { reason: this.waitingReason, ...(this.waitingMessage ? { message: this.waitingMessage } : {}) } };
  }
}

/** Seconds-precision RFC 3339, as metav1.Time is written. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function terminatedState(t: Terminated): NonNullable<ContainerState['terminated']> {
  return {
    exitCode: t.exitCode,
    ...(t.signal ? { signal: t.signal } : {}),
    reason: t.reason,
    startedAt: rfc3339(t.startedAt),
    finishedAt: rfc3339(t.finishedAt),
    containerID: t.containerID,
  };
}

/** What the container would run, for its log. */
export function commandLine(spec: Container): string {
  const words = [...(spec.command ?? []), ...(spec.args ?? [])];
  return words.length ? `: ${words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ')}` : '';
}

