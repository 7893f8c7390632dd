// The device-taint-eviction controller, as Kubernetes 1.35 runs it: pods whose allocated devices
// carry NoExecute taints (from ResourceSlices or DeviceTaintRules) they do not tolerate are
// evicted when eviction-times.ts says (at once, or when tolerationSeconds run out): a
// DeviceTaintManagerEviction event, the DisruptionTarget condition (DeletionByDeviceTaintManager)
// through a status patch tied to the pod's uid, then a delete with a uid precondition; a planned
// eviction that is no longer needed is cancelled with an event. Each DeviceTaintRule's status
// gets the EvictionInProgress condition (rule-condition.ts) at once when it appears or its spec
// changes, then at most every 10 seconds while it evicts. --concurrent-device-taint-eviction-syncs
// workers share both kinds of work. It waits while resource.orch.io/v1alpha3 is not served.
import type { Pod, PodCondition } from '../../../api/core/v1/pod-types.ts';
import type { ResourceClaim, ResourceSlice } from '../../../api/resource/v1/types.ts';
import type { DeviceTaintRule } from '../../../api/resource/v1alpha3/types.ts';
import { realClock, type Clock } from '../../../client/clock/clock.ts';
import { metaNamespaceKey } from '../../../client/cache/store.ts';
import { controllerEventRecorder } from '../../../client/record/index.ts';
import { RateLimitingQueue } from '../../../client/workqueue/rate-limiting-queue.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { isNotFound } from '../../../machinery/status.ts';
import type { ControllerContext, ControllerRun } from '../../controller.ts';
import { waitForApi } from '../apiwait/wait-for-api.ts';
import { runWorker, waitForSync } from '../serviceaccount/queue-worker.ts';
import { claimEviction, currentDevices, podEviction, ruleMatchesDevice, type Eviction } from './eviction-times.ts';
import { EVICTION_IN_PROGRESS, ruleCondition, type RuleCondition } from './rule-condition.ts';

const log = klog('controllermanager/devicetainteviction');

export const CONTROLLER_NAME = 'device-taint-eviction-controller';
/** Kubernetes' ruleStatusPeriod: the shortest time between status updates while evicting. */
export const RULE_STATUS_PERIOD_MS = 10_000;
const RESOURCE = 'resource.orch.io';
const PODS = { group: '', version: 'v1', resource: 'pods' };
const CLAIMS = { group: RESOURCE, version: 'v1', resource: 'resourceclaims' };
const SLICES = { group: RESOURCE, version: 'v1', resource: 'resourceslices' };
const RULES = { group: RESOURCE, version: 'v1alpha3', resource: 'devicetaintrules' };

export interface DeviceTaintEvictionSettings {
  /** --concurrent-device-taint-eviction-syncs. */
  workers: number;
  clock?: Clock;
}

const timeOf = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
const sameEviction = (a: Eviction | undefined, b: Eviction | undefined) => a?.when === b?.when && a?.reasons.join() === b?.reasons.join();

export function disruptionTargetCondition(pod: Pod, now: string): PodCondition | undefined {
  const condition = { type: 'DisruptionTarget', status: 'True', reason: 'DeletionByDeviceTaintManager', message: 'Device Taint manager: deleting due to NoExecute taint' };
  const existing = pod.status?.conditions?.find((c) => c.type === condition.type);
  if (existing && existing.status === condition.status && existing.reason === condition.reason && existing.message === condition.message) return undefined;
  return { ...condition, lastTransitionTime: existing && existing.status === condition.status ? existing.lastTransitionTime : now };
}

export function deviceTaintEvictionController(settings: DeviceTaintEvictionSettings): ControllerRun {
  return async (ctx: ControllerContext) => {
    const client = ctx.client;
    if (!client || !ctx.informers) throw new Error('the device-taint-eviction controller needs an API client and informers');
    const clock = settings.clock ?? realClock;
    if (!(await waitForApi(ctx, CONTROLLER_NAME, clock)).served) return;
    const pods = ctx.informers.informerFor<Pod>(PODS);
    const claims = ctx.informers.informerFor<ResourceClaim>(CLAIMS);
    const slices = ctx.informers.informerFor<ResourceSlice>(SLICES);
    const rules = ctx.informers.informerFor<DeviceTaintRule>(RULES);
    const events = controllerEventRecorder(client, CONTROLLER_NAME, { clock });
    const queue = new RateLimitingQueue<string>(clock);
    /** Planned evictions by pod key, with the uid of the pod they are for. */
    const deletePodAt = new Map<string, { uid: string; eviction: Eviction }>();
    const evictedUIDs = new Set<string>();
    /** Pods evicted because of each rule (by uid) since start. */
    const evictedByRule = new Map<string, number>();
    let synced = false;

    const podRef = (key: string, uid?: string) => {
      const [namespace, name] = key.split('/') as [string, string];
      return { apiVersion: 'v1', kind: 'Pod', namespace, name, uid };
    };
    const evictionsNow = (ruleSet: readonly DeviceTaintRule[]) => {
      const devices = currentDevices(slices.indexer.list());
      const byClaim = new Map<string, Eviction | undefined>();
      const claimEv = (c: ResourceClaim) => {
        const key = metaNamespaceKey(c);
        if (!byClaim.has(key)) byClaim.set(key, claimEviction(c, devices, ruleSet, clock.now()));
        return byClaim.get(key);
      };
      return (pod: Pod) => podEviction(pod, claimEv, (key) => claims.indexer.get(key));
    };
    /** Level-triggered: every change looks at every pod again (Kubernetes tracks deltas; the outcome is the same). */
    const reconcile = () => {
      if (!synced) return;
      const evictionOf = evictionsNow(rules.indexer.list());
      const seen = new Set<string>();
      for (const pod of pods.indexer.list()) {
        const key = metaNamespaceKey(pod);
        seen.add(key);
        const eviction = pod.metadata.deletionTimestamp ? undefined : evictionOf(pod);
        const planned = deletePodAt.get(key);
        if (!eviction) {
          if (planned) cancel(key, planned.uid);
          continue;
        }
        if (planned && planned.uid === pod.metadata.uid && sameEviction(planned.eviction, eviction)) continue;
        deletePodAt.set(key, { uid: pod.metadata.uid ?? '', eviction });
        const delay = eviction.when - clock.now();
        log.info(delay <= 0 ? 'Adding immediate pod eviction' : 'Adding delayed pod eviction', { pod: key, delay: `${Math.max(delay, 0)}ms`, reasons: eviction.reasons.join(', ') }, 3);
        if (delay <= 0) queue.add(`pod:${key}`);
        else queue.addAfter(`pod:${key}`, delay);
        for (const rule of eviction.rules) queue.addAfter(`rule:${rule}`, RULE_STATUS_PERIOD_MS);
      }
      for (const key of [...deletePodAt.keys()]) if (!seen.has(key)) deletePodAt.delete(key);
    };
    const cancel = (key: string, uid: string) => {
      deletePodAt.delete(key);
      events.recorder.eventf(podRef(key, uid), undefined, 'Normal', 'DeviceTaintManagerEviction', 'Delete', 'Cancelling deletion');
      log.info('Canceled pod eviction', { pod: key }, 3);
    };

    pods.addEventHandler({
      onAdd: reconcile,
      onUpdate: (old, cur) => {
        // Status writes (the condition this controller adds among them) change nothing here.
        if (old.spec?.nodeName === cur.spec?.nodeName && JSON.stringify(old.status?.resourceClaimStatuses ?? []) === JSON.stringify(cur.status?.resourceClaimStatuses ?? [])) return;
        reconcile();
      },
      onDelete: (pod) => {
        deletePodAt.delete(metaNamespaceKey(pod));
      },
    });
    for (const informer of [claims, slices] as const) (informer as typeof claims).addEventHandler({ onAdd: reconcile, onUpdate: reconcile, onDelete: reconcile });
    rules.addEventHandler({
      onAdd: (rule) => {
        queue.add(`rule:${rule.metadata.name}`);
        reconcile();
      },
      onUpdate: (old, cur) => {
        if (JSON.stringify(old.spec) === JSON.stringify(cur.spec) && old.metadata.uid === cur.metadata.uid) return;
        queue.add(`rule:${cur.metadata.name}`);
        reconcile();
      },
      onDelete: (rule) => {
        evictedByRule.delete(rule.metadata.uid ?? '');
        reconcile();
      },
    });
    ctx.signal.addEventListener('abort', () => queue.shutDown(), { once: true });
    ctx.informers.start(ctx.signal);

    const podsPath = (namespace: string) => `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`;
    const maybeDeletePod = async (key: string) => {
      const planned = deletePodAt.get(key);
      if (!planned || evictedUIDs.has(planned.uid)) return;
      const wait = planned.eviction.when - clock.now();
      if (wait > 0) return queue.addAfter(`pod:${key}`, wait);
      const { namespace, name } = podRef(key);
      const path = `${podsPath(namespace)}/${encodeURIComponent(name)}`;
      let done = false;
      try {
        const pod = await client.request<Pod>({ path, signal: ctx.signal });
        if (pod.metadata.uid !== planned.uid || pod.metadata.deletionTimestamp) {
          done = pod.metadata.uid === planned.uid;
        } else {
          events.recorder.eventf(podRef(key, planned.uid), undefined, 'Normal', 'DeviceTaintManagerEviction', 'Delete', 'Marking for deletion');
          const condition = disruptionTargetCondition(pod, timeOf(clock.now()));
          if (condition) await client.request({ method: 'PATCH', path: `${path}/status`, body: { metadata: { uid: planned.uid }, status: { conditions: [condition] } }, patchType: 'application/strategic-merge-patch+json', signal: ctx.signal });
          await client.request({ method: 'DELETE', path, body: { apiVersion: 'v1', kind: 'DeleteOptions', preconditions: { uid: planned.uid } }, signal: ctx.signal });
          done = true;
          log.info('Evicted pod by deleting it', { pod: key, latency: `${clock.now() - planned.eviction.when}ms`, reason: planned.eviction.reasons.join(', ') }, 2);
        }
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      if (deletePodAt.get(key) === planned) deletePodAt.delete(key);
      evictedUIDs.add(planned.uid);
      if (evictedUIDs.size > 500) evictedUIDs.delete(evictedUIDs.values().next().value!);
      if (!done) return;
      for (const ruleName of planned.eviction.rules) {
        const rule = rules.indexer.get(ruleName);
        if (!rule?.metadata.uid) continue;
        evictedByRule.set(rule.metadata.uid, (evictedByRule.get(rule.metadata.uid) ?? 0) + 1);
        queue.addAfter(`rule:${ruleName}`, RULE_STATUS_PERIOD_MS);
      }
    };

    /** Pods pending eviction because of the rule, and in how many namespaces. */
    const pendingFor = (rule: DeviceTaintRule, evictionOf: (pod: Pod) => Eviction | undefined) => {
      const namespaces = new Set<string>();
      let count = 0;
      for (const pod of pods.indexer.list()) {
        if (pod.metadata.deletionTimestamp) continue;
        if (!evictionOf(pod)?.rules.includes(rule.metadata.name ?? '')) continue;
        count++;
        namespaces.add(pod.metadata.namespace ?? '');
      }
      return { pendingPods: count, pendingNamespaces: namespaces.size };
    };
    const maybeUpdateRuleStatus = async (name: string) => {
      const rule = rules.indexer.get(name);
      if (!rule) return;
      const existing = rule.status?.conditions?.find((c) => c.type === EVICTION_IN_PROGRESS);
      if (existing) {
        const since = clock.now() - Date.parse(existing.lastTransitionTime ?? '');
        if (existing.observedGeneration === rule.metadata.generation && since < RULE_STATUS_PERIOD_MS) return queue.addAfter(`rule:${name}`, RULE_STATUS_PERIOD_MS - since);
      }
      const evicted = evictedByRule.get(rule.metadata.uid ?? '') ?? 0;
      const effect = rule.spec?.taint?.effect;
      let counts;
      if (effect === 'NoExecute') {
        counts = { ...pendingFor(rule, evictionsNow(rules.indexer.list())), evictedPods: evicted };
      } else if (effect === 'None') {
        // What the rule would do as NoExecute, with no other rule evicting.
        const simulated = { ...rule, spec: { ...rule.spec, taint: { ...rule.spec.taint, effect: 'NoExecute' } } };
        const devices = currentDevices(slices.indexer.list());
        let sliceDevices = 0;
        for (const key of devices.keys()) {
          const [driver, pool, device] = key.split('/') as [string, string, string];
          if (ruleMatchesDevice(rule, driver, pool, device)) sliceDevices++;
        }
        let allocatedDevices = 0;
        for (const c of claims.indexer.list()) {
          for (const r of c.status?.allocation?.devices?.results ?? []) if (ruleMatchesDevice(rule, r.driver, r.pool, r.device)) allocatedDevices++;
        }
        counts = { ...pendingFor(rule, evictionsNow([simulated])), evictedPods: evicted, sliceDevices, allocatedDevices };
      } else {
        counts = { pendingPods: 0, pendingNamespaces: 0, evictedPods: evicted };
      }
      const condition = ruleCondition(rule, counts);
      if (existing && sameCondition(existing, condition)) return;
      const applied = {
        apiVersion: 'resource.orch.io/v1alpha3',
        kind: 'DeviceTaintRule',
        metadata: { name, uid: rule.metadata.uid },
        status: { conditions: [{ ...condition, lastTransitionTime: timeOf(clock.now()) }] },
      };
      await client.request({
        method: 'PATCH',
        path: `/apis/resource.orch.io/v1alpha3/devicetaintrules/${encodeURIComponent(name)}/status`,
        query: { fieldManager: CONTROLLER_NAME, force: 'true' },
        body: applied,
        patchType: 'application/apply-patch+yaml',
        signal: ctx.signal,
      });
    };

    log.info('Starting', { controller: CONTROLLER_NAME, numWorkers: settings.workers });
    await waitForSync(ctx.signal, pods, claims, slices, rules);
    if (!ctx.signal.aborted) {
      synced = true;
      reconcile();
      const handle = (item: string) => (item.startsWith('pod:') ? maybeDeletePod(item.slice(4)) : maybeUpdateRuleStatus(item.slice(5)));
      await Promise.all(Array.from({ length: Math.max(1, settings.workers) }, () => runWorker(CONTROLLER_NAME, queue, async (item) => void (await handle(item)), ctx.signal)));
    }
    log.info('Shut down controller', { controller: CONTROLLER_NAME });
    await events.broadcaster.shutdown();
  };
}

function sameCondition(a: { status?: string; reason?: string; message?: string; observedGeneration?: number }, b: RuleCondition): boolean {
  return a.status === b.status && a.reason === b.reason && (a.message ?? '') === b.message && a.observedGeneration === b.observedGeneration;
}
