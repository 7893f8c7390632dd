// One sync of a PodDisruptionBudget, as Kubernetes' disruption controller runs it: its pods (the
// namespace's pods its selector takes; an empty selector takes all), the pods it expects and the
// healthy pods it wants (expected-pods.ts), its disrupted pods and healthy count
// (budget-status.ts), and the status written when it changed. A sync that fails for any reason
// but a write conflict writes the fail-safe status instead, so no eviction gets through a budget
// that could not be computed. Also: the budget a pod belongs to (the first of several, with a
// MultiplePodDisruptionBudgets event), and the reset of a DisruptionTarget condition left on a
// pod that was never deleted.
import type { Pod, PodCondition } from '../../../api/core/v1/pod-types.ts';
import type { PodDisruptionBudget, PodDisruptionBudgetStatus } from '../../../api/policy/v1/types.ts';
import { formatTime } from '../../../api/meta/v1/time.ts';
import { timeToDate } from '../../../api/meta/v1/time.ts';
import type { Clock } from '../../../client/clock/clock.ts';
import { NAMESPACE_INDEX, type Indexer } from '../../../client/cache/store.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { isConflict } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isPodTerminal } from '../workload/pod-state.ts';
import { buildDisruptedPods, countHealthyPods, failSafeStatus, nextBudgetStatus } from './budget-status.ts';
import { expectedPodCount, type ScaleReader, type WorkloadCaches } from './expected-pods.ts';
import { goSelectorString } from './selector-string.ts';

const log = klog('controllermanager/disruption');

const BUDGET_KIND = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget' };
const POD_KIND = { apiVersion: 'v1', kind: 'Pod' };
/** How long a DisruptionTarget condition may sit on a pod not being deleted (Kubernetes: 2 minutes). */
export const STALE_POD_DISRUPTION_TIMEOUT_MS = 2 * 60 * 1000;

export interface DisruptionDeps {
  budgets: Indexer<PodDisruptionBudget>;
  pods: Indexer<Pod>;
  caches: WorkloadCaches;
  scales: ScaleReader;
  /** UpdateStatus of a budget (no retry: a failure requeues the budget). */
  writeStatus(pdb: PodDisruptionBudget): Promise<void>;
  /** UpdateStatus of a pod. */
  writePodStatus(pod: Pod): Promise<void>;
  recorder: EventRecorder;
  clock: Clock;
  /** Queues the budget again after a delay. */
  recheckAfter(key: string, ms: number): void;
}

const keyOf = (obj: { metadata: { namespace?: string; name?: string } }) => `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;

/** The budget's selector takes the pod (policy/v1: empty takes every pod, missing none). */
function selects(pdb: PodDisruptionBudget, pod: Pod): boolean {
  if (!pdb.spec?.selector) return false;
  try {
    return labelSelectorMatches(pdb.spec.selector, pod.metadata.labels);
  } catch {
    return false;
  }
}

export class DisruptionSync {
  private readonly d: DisruptionDeps;

  constructor(deps: DisruptionDeps) {
    this.d = deps;
  }

  private now(): string {
    return formatTime(BigInt(this.d.clock.now()) * 1000n) ?? '';
  }

  /** getPdbForPod: the budget that takes the pod; the first by name when several do. */
  budgetForPod(pod: Pod): PodDisruptionBudget | undefined {
    const budgets = this.d.budgets.byIndex(NAMESPACE_INDEX, pod.metadata.namespace ?? '').filter((b) => selects(b, pod))
      .sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
    if (budgets.length > 1) {
      const note = `Pod ${JSON.stringify(pod.metadata.namespace)}/${JSON.stringify(pod.metadata.name)} matches multiple PodDisruptionBudgets.  Chose ${JSON.stringify(budgets[0]!.metadata.name)} arbitrarily.`;
      log.info(note);
      this.d.recorder.eventf({ ...POD_KIND, metadata: pod.metadata }, undefined, 'Warning', 'MultiplePodDisruptionBudgets', 'Sync', note);
    }
    return budgets[0];
  }

  async sync(key: string): Promise<void> {
    const started = this.d.clock.now();
    const pdb = this.d.budgets.get(key);
    if (!pdb) {
      log.info('podDisruptionBudget has been deleted', { key }, 4);
      return;
    }
    try {
      await this.trySync(pdb);
    } catch (err) {
      // A conflict only means the budget changed meanwhile: try again without failing safe.
      if (isConflict(err)) throw err;
      log.error('Failed to sync PDB', { podDisruptionBudget: key, err: (err as Error).message });
      await this.writeStatus(pdb, failSafeStatus(pdb, err, this.now()));
    } finally {
      log.info('Finished syncing PodDisruptionBudget', { key, duration: `${this.d.clock.now() - started}ms` }, 4);
    }
  }

  private async trySync(pdb: PodDisruptionBudget): Promise<void> {
    const ref = { ...BUDGET_KIND, metadata: pdb.metadata };
    const pods = this.d.pods.byIndex(NAMESPACE_INDEX, pdb.metadata.namespace ?? '').filter((pod) => selects(pdb, pod));
    if (pods.length === 0) this.d.recorder.eventf(ref, undefined, 'Normal', 'NoPods', 'Sync', 'No matching pods found');
    let expected;
    try {
      expected = await expectedPodCount(pdb, pods, this.d.caches, this.d.scales);
    } catch (err) {
      this.d.recorder.eventf(ref, undefined, 'Warning', 'CalculateExpectedPodCountFailed', 'Sync', `Failed to calculate the number of expected pods: ${(err as Error).message}`);
      throw err;
    }
    if (expected.unmanagedPods.length > 0) {
      log.info('Found unmanaged pods associated with this PDB', { pods: expected.unmanagedPods.join(',') }, 4);
      this.d.recorder.eventf(ref, undefined, 'Warning', 'UnmanagedPods', 'Sync', `Pods selected by this PodDisruptionBudget (selector: ${goSelectorString(pdb.spec?.selector)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`);
    }
    const now = this.d.clock.now();
    const disrupted = buildDisruptedPods(pods, pdb, now);
    for (const pod of disrupted.notDeleted) {
      log.info("pod was expected to be deleted but it wasn't, updating PDB", { pod: keyOf(pod), podDisruptionBudget: keyOf(pdb) }, 1);
      // Kubernetes names the budget's namespace twice here.
      this.d.recorder.eventf({ ...POD_KIND, metadata: pod.metadata }, undefined, 'Warning', 'NotDeleted', 'Sync', `Pod was expected by PDB ${pdb.metadata.namespace}/${pdb.metadata.namespace} to be deleted but it wasn't`);
    }
    const healthy = countHealthyPods(pods, disrupted.disrupted, now);
    const status = nextBudgetStatus(pdb, healthy, expected.desiredHealthy, expected.expectedCount, disrupted.disrupted, this.now());
    if (status) await this.writeStatus(pdb, status);
    if (disrupted.recheckAt !== undefined) this.d.recheckAfter(keyOf(pdb), disrupted.recheckAt - now);
  }

  private async writeStatus(pdb: PodDisruptionBudget, status: PodDisruptionBudgetStatus): Promise<void> {
    await this.d.writeStatus({ ...structuredClone(pdb), ...BUDGET_KIND, status });
  }

  /** How long until a pod's DisruptionTarget condition is stale, or undefined when it has none that can be. */
  staleDisruptionIn(pod: Pod): number | undefined {
    if (pod.metadata.deletionTimestamp) return undefined;
    const condition = pod.status?.conditions?.find((c) => c.type === 'DisruptionTarget');
    // The kubelet's own condition may sit long before the pod goes; finished pods keep theirs.
    if (!condition || condition.status !== 'True' || condition.reason === 'TerminationByKubelet' || isPodTerminal(pod)) return undefined;
    const since = timeToDate(condition.lastTransitionTime)?.getTime() ?? 0;
    return Math.max(0, STALE_POD_DISRUPTION_TIMEOUT_MS - (this.d.clock.now() - since));
  }

  /** syncStalePodDisruption: sets a stale DisruptionTarget condition to False; a number asks to look again after that long. */
  async syncStalePod(key: string): Promise<number | undefined> {
    const pod = this.d.pods.get(key);
    if (!pod) return undefined;
    const wait = this.staleDisruptionIn(pod);
    if (wait === undefined) return undefined;
    if (wait > 0) return wait;
    const updated = structuredClone(pod);
    const condition = updated.status!.conditions!.find((c) => c.type === 'DisruptionTarget')! as PodCondition;
    // UpdatePodCondition: the status flips, so the transition time moves; the rest is the new condition's.
    condition.status = 'False';
    condition.lastTransitionTime = this.now();
    delete condition.reason;
    delete condition.message;
    delete condition.lastProbeTime;
    await this.d.writePodStatus({ ...updated, apiVersion: 'v1', kind: 'Pod' });
    log.info('Reset stale DisruptionTarget condition to False', { pod: key }, 2);
    return undefined;
  }
}
