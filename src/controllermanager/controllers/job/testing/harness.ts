// A job controller's world in memory, for unit tests of its syncs: jobs made as the API server
// makes them (defaults and the generated selector), pods that a fake pod control creates, deletes
// and patches as the server would (a pod with finalizers is only marked deleted; removing the last
// finalizer of a deleted pod removes it), status writes checked by the server's own /status
// validation, events and queued keys recorded, and a fake clock. The informer's part (observing
// creations, deletions and finalizer removals) is played by the fake pod control.
import type { Job } from '../../../../api/batch/v1/types.ts';
import type { Pod, PodTemplateSpec } from '../../../../api/core/v1/pod-types.ts';
import type { OwnerReference } from '../../../../api/meta/v1/types.ts';
import { FakeClock } from '../../../../client/clock/fake-clock.ts';
import type { EventRecorder, ReferableObject } from '../../../../client/record/index.ts';
import { StatusError } from '../../../../machinery/status.ts';
import { defaultJob } from '../../../../apiserver/registry/batch/jobs/defaults.ts';
import { generateSelector } from '../../../../apiserver/registry/batch/jobs/selector.ts';
import { validateJobStatusUpdate } from '../../../../apiserver/registry/batch/jobs/status-validation.ts';
import { ControllerExpectations } from '../../workload/expectations.ts';
import { podFromTemplate, type PodControl } from '../../workload/pod-control.ts';
import { controllerRefOf, podKey } from '../../workload/pod-state.ts';
import { BackoffStore } from '../backoff.ts';
import { timeAt } from '../conditions.ts';
import { DEFAULT_JOB_TIMINGS, type JobSyncDeps } from '../deps.ts';
import { FinalizerExpectations } from '../finalizer-expectations.ts';
import { syncJob } from '../sync-job.ts';

export const NS = 'ns';

export interface RecordedEvent {
  type: string;
  reason: string;
  note: string;
}

function notFound(name: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'NotFound', code: 404, message: `pods "${name}" not found` });
}

export class JobHarness {
  readonly clock = new FakeClock();
  readonly jobs = new Map<string, Job>();
  readonly pods = new Map<string, Pod>();
  readonly events: RecordedEvent[] = [];
  readonly queued: Array<{ key: string; delayMs: number }> = [];
  readonly deps: JobSyncDeps;
  private seq = 0;
  private rv = 1;

  constructor() {
    const recorder: EventRecorder = { eventf: (_regarding, _related, type, reason, _action, note) => this.events.push({ type, reason, note }) };
    this.deps = {
      clock: this.clock,
      timings: DEFAULT_JOB_TIMINGS,
      podControl: this.podControl(),
      recorder,
      expectations: new ControllerExpectations(this.clock),
      finalizerExpectations: new FinalizerExpectations(),
      backoff: new BackoffStore(),
      cachedJob: (key) => this.jobs.get(key),
      liveJob: async (ns, name) => {
        const job = this.jobs.get(`${ns}/${name}`);
        if (!job) throw notFound(name);
        return structuredClone(job);
      },
      updateStatus: async (job) => this.writeStatus(job),
      podsInNamespace: (ns) => [...this.pods.values()].filter((p) => p.metadata.namespace === ns).map((p) => structuredClone(p)),
      enqueueAfter: (key, delayMs) => this.queued.push({ key, delayMs }),
    };
  }

  /** A job as the server stores it after a create. */
  createJob(name: string, spec: Partial<NonNullable<Job['spec']>> = {}): Job {
    const job: Job = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name, namespace: NS, uid: `uid-${name}`, generation: 1, resourceVersion: String(this.rv++), creationTimestamp: timeAt(this.clock.now()) },
      spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }] } }, ...spec } as Job['spec'],
      status: {},
    };
    defaultJob(job);
    generateSelector(job);
    this.jobs.set(`${NS}/${name}`, job);
    return job;
  }

  /** A spec change, as an update through the main resource makes it. */
  updateSpec(name: string, change: Partial<NonNullable<Job['spec']>>): void {
    const job = this.job(name);
    Object.assign(job.spec!, change);
    job.metadata.generation = (job.metadata.generation ?? 1) + 1;
    job.metadata.resourceVersion = String(this.rv++);
  }

  job(name: string): Job {
    return this.jobs.get(`${NS}/${name}`)!;
  }

  sync(name: string): Promise<void> {
    return syncJob(this.deps, `${NS}/${name}`);
  }

  podsOf(name: string): Pod[] {
    const uid = this.job(name).metadata.uid;
    return [...this.pods.values()].filter((p) => controllerRefOf(p)?.uid === uid);
  }

  condition(name: string, type: string) {
    return this.job(name).status?.conditions?.find((c) => c.type === type);
  }

  /** Ends a pod's container as a node agent reports it: Succeeded (exit 0) or Failed with the exit code. */
  finishPod(pod: Pod, exitCode: number, conditions: Array<{ type: string; status: string }> = []): void {
    const stored = this.pods.get(podKey(pod))!;
    const now = timeAt(this.clock.now());
    stored.status = {
      phase: exitCode === 0 ? 'Succeeded' : 'Failed',
      conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: now }, ...conditions],
      containerStatuses: [{ name: 'main', ready: false, restartCount: 0, image: 'busybox', imageID: '', state: { terminated: { exitCode, reason: exitCode === 0 ? 'Completed' : 'Error', finishedAt: now } } }],
    };
    stored.metadata.resourceVersion = String(this.rv++);
  }

  runPod(pod: Pod, ready = true): void {
    const stored = this.pods.get(podKey(pod))!;
    stored.spec = { ...stored.spec!, nodeName: 'node-1' };
    stored.status = { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: timeAt(this.clock.now()) }] };
  }

  private writeStatus(job: Job): Job {
    const key = `${job.metadata.namespace}/${job.metadata.name}`;
    const stored = this.jobs.get(key);
    if (!stored) throw notFound(job.metadata.name ?? '');
    const next: Job = { ...structuredClone(stored), status: structuredClone(job.status ?? {}) };
    const errs = validateJobStatusUpdate(next, stored);
    if (errs.length) throw new Error(`status refused: ${JSON.stringify(errs)}`);
    next.metadata.resourceVersion = String(this.rv++);
    this.jobs.set(key, next);
    return structuredClone(next);
  }

  private ownerKey(pod: Pod): string | undefined {
    const ref = controllerRefOf(pod);
    return ref ? `${pod.metadata.namespace}/${ref.name}` : undefined;
  }

  private podControl(): PodControl {
    return {
      createPod: async (namespace: string, template: PodTemplateSpec | undefined, owner: ReferableObject, ref: OwnerReference, generateName?: string) => {
        const pod = podFromTemplate(template, owner.metadata?.name ?? '', ref);
        const seq = ++this.seq;
        pod.metadata = { ...pod.metadata, name: `${generateName ?? pod.metadata.generateName}${seq}`, namespace, uid: `pod-${seq}`, resourceVersion: String(this.rv++), creationTimestamp: timeAt(this.clock.now()) };
        pod.status = { phase: 'Pending' };
        this.pods.set(podKey(pod), pod);
        this.events.push({ type: 'Normal', reason: 'SuccessfulCreate', note: `Created pod: ${pod.metadata.name}` });
        this.deps.expectations.creationObserved(this.ownerKey(pod)!);
        return structuredClone(pod);
      },
      deletePod: async (namespace: string, name: string) => {
        const key = `${namespace}/${name}`;
        const pod = this.pods.get(key);
        if (!pod) throw notFound(name);
        if (pod.metadata.finalizers?.length) pod.metadata.deletionTimestamp ??= timeAt(this.clock.now());
        else this.pods.delete(key);
        this.events.push({ type: 'Normal', reason: 'SuccessfulDelete', note: `Deleted pod: ${name}` });
        const owner = this.ownerKey(pod);
        if (owner) this.deps.expectations.deletionObserved(owner, key);
      },
      patchPod: async (namespace: string, name: string, patch: any) => {
        const key = `${namespace}/${name}`;
        const pod = this.pods.get(key);
        if (!pod) throw notFound(name);
        const meta = patch.metadata ?? {};
        const drop: string[] = meta['$deleteFromPrimitiveList/finalizers'] ?? [];
        if (drop.length) pod.metadata.finalizers = (pod.metadata.finalizers ?? []).filter((f) => !drop.includes(f));
        if (meta.finalizers) pod.metadata.finalizers = [...new Set([...(pod.metadata.finalizers ?? []), ...meta.finalizers])];
        if (meta.ownerReferences?.[0]?.controller) pod.metadata.ownerReferences = [...(pod.metadata.ownerReferences ?? []), ...meta.ownerReferences];
        pod.metadata.resourceVersion = String(this.rv++);
        const owner = this.ownerKey(pod);
        if (drop.length && owner) this.deps.finalizerExpectations.removalObserved(owner, pod.metadata.uid ?? '');
        if (pod.metadata.deletionTimestamp && !pod.metadata.finalizers?.length) this.pods.delete(key);
      },
    };
  }
}
