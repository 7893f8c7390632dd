// One pod as its node runs it, without a runtime: a sandbox with an address from the node's pod
// CIDR, init containers one after another (a sidecar only until it has started), then the app
// containers together; each pulled (or found present), created and started after a short while,
// ready once its probes' initial delays have passed, exiting when its script says, and restarted
// as the pod's restart policy asks with the node agent's back-off. A deleted pod's containers are
// stopped within its grace period; then the pod is stopped and may be deleted for good.
import type { Container } from '../api/core/v1/container-types.ts';
import type { Pod, PodStatus } from '../api/core/v1/pod-types.ts';
import { formatGoDuration } from '../options/go-duration.ts';
import { ContainerRun, commandLine } from './container-run.ts';
import { containerScript, type ContainerKind } from './container-script.ts';
import { needsPull, normalizeImage } from './images.ts';
import type { NodeRuntime } from './node-runtime.ts';
import { podPhase, type Phase, type PodFacts } from './pod-phase.ts';
import { nextRestartDelayMs } from './restart-backoff.ts';
import { restoreContainer } from './container-restore.ts';
import { podStatusFor } from './pod-status.ts';

export type { NodeRuntime };

const DEADLINE_MESSAGE = 'Pod was active on the node longer than the specified deadline';
const DEFAULT_GRACE_SECONDS = 30;
/** A container killed after its grace period exits as SIGKILL leaves it. */
const KILLED_EXIT_CODE = 137;

export class SimulatedPod {
  pod: Pod;
  readonly uid: string;
  readonly initContainers: ContainerRun[];
  readonly containers: ContainerRun[];
  sandboxReady = false;
  podIP: string | undefined;
  startTime: number | undefined;
  failure: { reason: string; message: string } | undefined;
  terminating = false;
  /** Deleted, and every container has stopped: it may be deleted for good. */
  stopped = false;
  /** Each condition's last transition, by type. */
  readonly transitions = new Map<string, { status: string; at: number }>();
  private readonly rt: NodeRuntime;
  private deadlineTimer: { cancel(): void } | undefined;
  private finished = false;

  constructor(pod: Pod, rt: NodeRuntime) {
    this.pod = pod;
    this.uid = pod.metadata.uid ?? '';
    this.rt = rt;
    const run = (spec: Container, kind: ContainerKind) => new ContainerRun(spec, kind, containerScript(pod, spec.name, kind, rt.runMs));
    this.initContainers = (pod.spec?.initContainers ?? []).map((c) => run(c, c.restartPolicy === 'Always' ? 'sidecar' : 'init'));
    this.containers = (pod.spec?.containers ?? []).map((c) => run(c, 'app'));
    const waitingReason = this.initContainers.length ? 'PodInitializing' : 'ContainerCreating';
    for (const c of this.containers) c.wait(waitingReason);
    for (const c of this.initContainers) c.wait(c === this.initContainers[0] ? 'ContainerCreating' : 'PodInitializing');
  }

  get name(): string {
    return `${this.pod.metadata.namespace}/${this.pod.metadata.name}`;
  }

  facts(): PodFacts {
    return {
      restartPolicy: this.pod.spec?.restartPolicy ?? 'Always',
      sandboxReady: this.sandboxReady,
      initContainers: this.initContainers,
      containers: this.containers,
      stopped: this.stopped,
      failure: this.failure,
    };
  }

  phase(): Phase {
    return podPhase(this.facts());
  }

  /** The status fields the agent owns, as they stand. */
  status(): PodStatus {
    return podStatusFor(this, this.rt.nodeIP, this.rt.clock.now());
  }

  /** Sets up the sandbox and starts the first containers. */
  start(): void {
    const now = this.rt.clock.now();
    this.startTime = now;
    if (this.pod.spec?.hostNetwork) this.podIP = this.rt.nodeIP;
    else {
      this.podIP = this.rt.addresses.allocate();
      if (!this.podIP) {
        this.rt.events.sandboxFailed(this.pod, `Failed to create pod sandbox: no IP addresses available in range set ${this.rt.addresses.cidr}`);
        this.changed();
        return;
      }
    }
    this.sandboxReady = true;
    const deadline = this.pod.spec?.activeDeadlineSeconds;
    if (deadline !== undefined) this.deadlineTimer = this.rt.clock.setTimer(() => this.exceedDeadline(), deadline * 1000);
    this.changed();
    this.advance();
  }

  /**
   * Carries on with a pod an earlier run of the agent started, from the status it wrote: its
   * address and start time kept, each container in the state reported, timers set for what is
   * still to come.
   */
  resume(): void {
    const status = this.pod.status ?? {};
    const now = this.rt.clock.now();
    this.startTime = Date.parse(status.startTime ?? '') || now;
    this.podIP = status.podIP;
    if (this.pod.spec?.hostNetwork) this.podIP = this.rt.nodeIP;
    else if (!this.podIP || !this.rt.addresses.reserve(this.podIP)) this.podIP = this.rt.addresses.allocate();
    this.sandboxReady = this.podIP !== undefined;
    for (const condition of status.conditions ?? []) {
      const at = Date.parse(condition.lastTransitionTime ?? '');
      if (Number.isFinite(at)) this.transitions.set(condition.type, { status: condition.status, at });
    }
    const byName = (list: typeof status.containerStatuses, name: string) => list?.find((s) => s.name === name);
    for (const c of this.initContainers) restoreContainer(c, byName(status.initContainerStatuses, c.name));
    for (const c of this.containers) restoreContainer(c, byName(status.containerStatuses, c.name));
    const deadline = this.pod.spec?.activeDeadlineSeconds;
    if (deadline !== undefined) this.deadlineTimer = this.rt.clock.setTimer(() => this.exceedDeadline(), Math.max(0, this.startTime + deadline * 1000 - now));
    if (this.pod.metadata.deletionTimestamp) {
      this.terminate();
      return;
    }
    for (const c of this.all()) {
      if (c.state === 'running') this.continueRunning(c, now);
      else if (c.state === 'waiting' && c.hasRun) this.scheduleRestart(c, 0);
      else if (c.state === 'terminated' && !(c.kind === 'init' && c.succeeded)) this.exit(c, c.terminated?.exitCode ?? 0, true);
    }
    this.changed();
    this.advance();
  }

  /** Timers for a resumed running container: its exit and its readiness, from when it started. */
  private continueRunning(c: ContainerRun, now: number): void {
    this.rt.logs.begin(this.uid, c.name);
    this.log(c, `container ${c.name} taken over by the node agent after it restarted`);
    const elapsed = now - c.startedAt;
    if (c.script.runMs !== undefined) this.after(c, Math.max(0, c.script.runMs - elapsed), () => this.exit(c, c.script.exitCode));
    if (!c.ready && c.kind !== 'init') {
      const delay = Math.max((c.spec.startupProbe?.initialDelaySeconds ?? 0) * 1000, (c.spec.readinessProbe?.initialDelaySeconds ?? 0) * 1000);
      this.after(c, Math.max(0, delay - elapsed), () => {
        c.started = true;
        c.ready = true;
        this.changed();
      });
    }
  }

  /** A newer version of the pod: deletion, changed images, readiness gates. */
  update(pod: Pod): void {
    const before = this.pod;
    this.pod = pod;
    if (pod.metadata.deletionTimestamp && !this.terminating) {
      this.terminate();
      return;
    }
    if (this.terminating || this.finished) return;
    for (const spec of pod.spec?.containers ?? []) {
      const c = this.containers.find((x) => x.name === spec.name);
      if (!c || c.spec.image === spec.image) continue;
      c.spec = spec;
      if (c.state !== 'running') continue;
      this.rt.events.killing(pod, c, `Container ${c.name} definition changed, will be restarted`);
      this.stopContainer(c, 0, 'Completed');
      c.launching = false;
      this.launch(c);
    }
    const gatesMoved = (pod.spec?.readinessGates ?? []).length > 0 && JSON.stringify(before.status?.conditions) !== JSON.stringify(pod.status?.conditions);
    // A new generation of the spec is acknowledged in the status even when nothing else changes.
    if (gatesMoved || before.metadata.generation !== pod.metadata.generation) this.changed();
  }

  /** Stops everything without a word (the pod is gone). */
  dispose(): void {
    this.deadlineTimer?.cancel();
    for (const c of this.all()) c.cancelTimers();
    if (!this.pod.spec?.hostNetwork) this.rt.addresses.release(this.podIP);
    this.rt.logs.forgetPod(this.uid);
  }

  private all(): ContainerRun[] {
    return [...this.initContainers, ...this.containers];
  }

  private changed(): void {
    this.rt.statusChanged(this);
  }

  private after(c: ContainerRun | undefined, ms: number, fn: () => void): void {
    const timer = this.rt.clock.setTimer(() => {
      if (c) c.timers.delete(timer);
      fn();
    }, ms);
    if (c) c.timers.add(timer);
  }

  /** Starts whatever may start now: the next init container, or the app containers. */
  private advance(): void {
    if (this.terminating || this.finished || !this.sandboxReady) return;
    for (const init of this.initContainers) {
      if (init.kind === 'sidecar') {
        if (init.state === 'waiting' && !init.launching && !init.hasRun) this.launch(init);
        if (!init.started && !init.hasRun) return;
        continue;
      }
      if (init.succeeded) continue;
      if (init.state === 'waiting' && !init.launching) this.launch(init);
      return;
    }
    for (const c of this.containers) if (c.state === 'waiting' && !c.launching && !c.hasRun) this.launch(c);
  }

  /** Pulls (or finds) the image, then creates and starts the container. */
  private launch(c: ContainerRun): void {
    c.launching = true;
    const image = c.spec.image ?? '';
    const pull = needsPull(c.spec.imagePullPolicy, this.rt.images.has(normalizeImage(image)));
    if (pull) this.rt.events.pulling(this.pod, c);
    if (c.state === 'waiting' && c.waitingReason === 'PodInitializing') {
      c.wait('ContainerCreating');
      this.changed();
    }
    this.after(c, this.rt.startMs, () => {
      if (pull) {
        this.rt.images.add(normalizeImage(image));
        this.rt.events.pulled(this.pod, c, this.rt.startMs);
      } else this.rt.events.alreadyPresent(this.pod, c);
      this.rt.events.created(this.pod, c);
      this.run(c);
      this.rt.events.started(this.pod, c);
    });
  }

  private run(c: ContainerRun): void {
    const now = this.rt.clock.now();
    if (c.hasRun) {
      if (c.terminated) c.last = c.terminated;
      c.restartCount++;
    }
    c.beginRun(now);
    this.rt.logs.begin(this.uid, c.name);
    this.log(c, `container ${c.name} started from image ${normalizeImage(c.image)} on node ${this.rt.nodeName}${commandLine(c.spec)}`);
    if (c.restartCount > 0) this.log(c, `restart number ${c.restartCount}`);
    const probeDelay = (probe: { initialDelaySeconds?: number } | undefined) => (probe ? (probe.initialDelaySeconds ?? 0) * 1000 : 0);
    const startedAfter = probeDelay(c.spec.startupProbe);
    const readyAfter = Math.max(startedAfter, probeDelay(c.spec.readinessProbe));
    const becomeStarted = () => {
      c.started = true;
      if (c.kind !== 'init' && readyAfter <= startedAfter) c.ready = true;
      this.changed();
      if (c.kind === 'sidecar') this.advance();
    };
    if (startedAfter === 0) becomeStarted();
    else this.after(c, startedAfter, becomeStarted);
    if (c.kind !== 'init' && readyAfter > startedAfter) {
      this.after(c, readyAfter, () => {
        c.ready = true;
        this.log(c, 'readiness probe succeeded');
        this.changed();
      });
    }
    if (c.script.runMs !== undefined) this.after(c, c.script.runMs, () => this.exit(c, c.script.exitCode));
    this.changed();
  }

  private log(c: ContainerRun, text: string): void {
    this.rt.logs.write(this.uid, c.name, text, this.rt.clock.now());
  }

  private stopContainer(c: ContainerRun, exitCode: number, reason: string): void {
    c.cancelTimers();
    const ranMs = this.rt.clock.now() - c.startedAt;
    this.log(c, `container ${c.name} exited with code ${exitCode} after ${formatGoDuration(ranMs)}`);
    this.rt.logs.end(this.uid, c.name);
    c.endRun(exitCode, reason, this.rt.clock.now());
  }

  /** The container ended on its own (or, resumed, had ended before the agent restarted). */
  private exit(c: ContainerRun, exitCode: number, alreadyStopped = false): void {
    const ranMs = this.rt.clock.now() - c.startedAt;
    if (!alreadyStopped) this.stopContainer(c, exitCode, exitCode === 0 ? 'Completed' : 'Error');
    const policy = this.pod.spec?.restartPolicy ?? 'Always';
    const restart = c.kind === 'sidecar' || (c.kind === 'init' ? exitCode !== 0 && policy !== 'Never' : policy === 'Always' || (policy === 'OnFailure' && exitCode !== 0));
    if (restart) this.scheduleRestart(c, ranMs);
    this.changed();
    if (c.kind === 'init' && exitCode === 0) this.advance();
    this.finishIfDone();
  }

  private scheduleRestart(c: ContainerRun, ranMs: number): void {
    const delay = nextRestartDelayMs(c.backoffMs, ranMs);
    c.backoffMs = delay;
    c.launching = true;
    if (delay === 0) {
      this.launch(c);
      return;
    }
    const m = this.pod.metadata;
    c.wait('CrashLoopBackOff', `back-off ${formatGoDuration(delay)} restarting failed container=${c.name} pod=${m.name}_${m.namespace}(${m.uid})`);
    this.rt.events.backOff(this.pod, c);
    this.after(c, delay, () => this.launch(c));
  }

  /** Once the pod has finished on its own: sidecars stop, and the sandbox goes. */
  private finishIfDone(): void {
    const phase = this.phase();
    if (phase !== 'Succeeded' && phase !== 'Failed') return;
    if (this.finished) return;
    this.finished = true;
    this.deadlineTimer?.cancel();
    for (const c of this.all()) {
      c.cancelTimers();
      c.launching = false;
      if (c.state === 'running') {
        this.rt.events.killing(this.pod, c);
        this.stopContainer(c, 0, 'Completed');
      }
    }
    this.tearDownSandbox();
    this.changed();
  }

  private tearDownSandbox(): void {
    if (!this.sandboxReady) return;
    this.sandboxReady = false;
    if (!this.pod.spec?.hostNetwork) this.rt.addresses.release(this.podIP);
  }

  private exceedDeadline(): void {
    if (this.terminating || this.finished) return;
    this.failure = { reason: 'DeadlineExceeded', message: DEADLINE_MESSAGE };
    this.rt.events.deadlineExceeded(this.pod, DEADLINE_MESSAGE);
    for (const c of this.all()) {
      c.cancelTimers();
      c.launching = false;
      if (c.state === 'running') {
        this.rt.events.killing(this.pod, c);
        this.stopContainer(c, KILLED_EXIT_CODE, 'Error');
      }
    }
    this.finishIfDone();
  }

  /** The pod was deleted: its containers get SIGTERM, and SIGKILL at the end of the grace period. */
  private terminate(): void {
    this.terminating = true;
    this.deadlineTimer?.cancel();
    const graceMs = (this.pod.metadata.deletionGracePeriodSeconds ?? this.pod.spec?.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS) * 1000;
    const running = this.all().filter((c) => c.state === 'running');
    for (const c of this.all()) {
      if (c.state === 'running') continue;
      c.cancelTimers();
      c.launching = false;
    }
    let left = running.length;
    const oneStopped = () => {
      left--;
      this.changed();
      if (left === 0) this.complete();
    };
    for (const c of running) {
      c.cancelTimers();
      this.rt.events.killing(this.pod, c);
      this.log(c, `container ${c.name} received SIGTERM`);
      if (c.script.stopMs < graceMs) this.after(c, c.script.stopMs, () => (this.stopContainer(c, 0, 'Completed'), oneStopped()));
      else {
        this.after(c, graceMs, () => {
          this.log(c, `container ${c.name} did not stop within ${formatGoDuration(graceMs)}: killed`);
          this.stopContainer(c, KILLED_EXIT_CODE, 'Error');
          oneStopped();
        });
      }
    }
    this.changed();
    if (running.length === 0) this.complete();
  }

  private complete(): void {
    this.stopped = true;
    this.tearDownSandbox();
    this.changed();
  }
}
