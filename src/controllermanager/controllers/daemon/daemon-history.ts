// A daemon set's revisions, as Kubernetes' daemon controller keeps them: the revisions it controls
// (claimed by selector) are split into the current one, whose data equals the set's template
// patch, and old ones. A missing current revision is snapshotted as `<set>-<hash>` (the template's
// ComputeHash with the collision count; a name taken by other data raises status.collisionCount
// and the sync is retried); several current ones are merged into the newest, pods relabelled to
// it first; the current one is renumbered past every old one. Old revisions beyond
// revisionHistoryLimit that no pod's hash names are deleted, oldest first.
import type { ControllerRevision, DaemonSet } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import { CONTROLLER_REVISION_HASH_LABEL } from '../../../api/apps/v1/well-known-labels.ts';
import { computeHash } from '../../../machinery/hash/pod-template-hash.ts';
import { isAlreadyExists } from '../../../machinery/status.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import type { PodControl } from '../workload/pod-control.ts';
import { goJsonMarshal } from '../history/go-json.ts';
import { controllerRefTo, revisionDataBytes } from '../history/revisions.ts';
import type { DaemonApi } from './daemon-api.ts';
import { DAEMON_SET_KIND } from './daemon-pods.ts';

const log = klog('controllermanager/daemonset');

/** getPatch: a patch that puts the set's template back. */
export function daemonTemplatePatch(ds: DaemonSet): unknown {
  return { spec: { template: { ...structuredClone(ds.spec?.template ?? {}), $patch: 'replace' } } };
}

/** Match: the revision holds the set's current template. */
export function matchesTemplate(ds: DaemonSet, revision: ControllerRevision): boolean {
  return goJsonMarshal(daemonTemplatePatch(ds)) === revisionDataBytes(revision);
}

function maxRevision(revisions: readonly ControllerRevision[]): number {
  return revisions.reduce((max, r) => Math.max(max, r.revision ?? 0), 0);
}

export interface HistoryContext {
  api: DaemonApi;
  podControl: PodControl;
  /** The set's pods after claiming (for relabelling before a dedup). */
  daemonPods(): Promise<Pod[]>;
}

/** constructHistory: the current revision and the old ones, made consistent on the server. */
export async function constructHistory(ds: DaemonSet, controlled: ControllerRevision[], ctx: HistoryContext): Promise<{ current: ControllerRevision; old: ControllerRevision[] }> {
  const currents: ControllerRevision[] = [];
  const old: ControllerRevision[] = [];
  for (let revision of controlled) {
    if (revision.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] === undefined) {
      // The revision's name stands in for a hash, so no collision can follow.
      const labelled = structuredClone(revision);
      labelled.metadata.labels = { ...labelled.metadata.labels, [CONTROLLER_REVISION_HASH_LABEL]: labelled.metadata.name ?? '' };
      revision = await ctx.api.updateRevision(labelled);
    }
    (matchesTemplate(ds, revision) ? currents : old).push(revision);
  }
  const next = maxRevision(old) + 1;
  if (currents.length === 0) return { current: await snapshot(ds, next, ctx.api), old };
  const current = await dedupCurrent(ds, currents, ctx);
  if ((current.revision ?? 0) < next) {
    const renumbered = structuredClone(current);
    renumbered.revision = next;
    await ctx.api.updateRevision(renumbered);
  }
  return { current, old };
}

/** snapshot: stores a revision of the set's template; a name taken by other data bumps collisionCount and fails the sync. */
async function snapshot(ds: DaemonSet, revision: number, api: DaemonApi): Promise<ControllerRevision> {
  const hash = computeHash(ds.spec?.template ?? {}, ds.status?.collisionCount);
  const name = `${ds.metadata.name}-${hash}`;
  const history: ControllerRevision = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name,
      namespace: ds.metadata.namespace,
      labels: { ...ds.spec?.template?.metadata?.labels, [CONTROLLER_REVISION_HASH_LABEL]: hash },
      ...(ds.metadata.annotations ? { annotations: { ...ds.metadata.annotations } } : {}),
      ownerReferences: [controllerRefTo(ds, DAEMON_SET_KIND)],
    },
    data: daemonTemplatePatch(ds),
    revision,
  };
  try {
    return await api.createRevision(history);
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
    const existing = await api.getRevision(ds.metadata.namespace ?? '', name);
    if (matchesTemplate(ds, existing)) return existing;
    const fresh = await api.getDaemonSet(ds.metadata.namespace ?? '', ds.metadata.name ?? '');
    if ((fresh.status?.collisionCount ?? null) !== (ds.status?.collisionCount ?? null)) {
      throw new Error(`found a stale collision count (${ds.status?.collisionCount}, expected ${fresh.status?.collisionCount}) of DaemonSet ${JSON.stringify(ds.metadata.name)} while processing; will retry until it is updated`);
    }
    const bumped = structuredClone(fresh);
    bumped.status = { ...(bumped.status ?? { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 }), collisionCount: (fresh.status?.collisionCount ?? 0) + 1 };
    await api.updateDaemonSetStatus(bumped);
    log.info('Found a hash collision for DaemonSet - bumping collisionCount to resolve it', { daemonset: `${ds.metadata.namespace}/${ds.metadata.name}`, collisionCount: bumped.status.collisionCount }, 2);
    throw err;
  }
}

/** dedupCurHistories: keeps the newest current revision; pods are relabelled to it and the others deleted. */
async function dedupCurrent(ds: DaemonSet, currents: ControllerRevision[], ctx: HistoryContext): Promise<ControllerRevision> {
  if (currents.length === 1) return currents[0]!;
  let keep = currents[0]!;
  for (const r of currents) if ((r.revision ?? 0) >= (keep.revision ?? 0)) keep = r;
  const hash = keep.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '';
  for (const pod of await ctx.daemonPods()) {
    if (pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] === hash) continue;
    await ctx.podControl.patchPod(ds.metadata.namespace ?? '', pod.metadata.name ?? '', { metadata: { labels: { [CONTROLLER_REVISION_HASH_LABEL]: hash } } });
  }
  for (const r of currents) if (r.metadata.name !== keep.metadata.name) await ctx.api.deleteRevision(ds.metadata.namespace ?? '', r.metadata.name ?? '');
  return keep;
}

/** cleanupHistory: deletes old revisions past the limit whose hash no pod (finished ones included) carries, oldest first. */
export async function cleanupHistory(ds: DaemonSet, old: ControllerRevision[], podsIncludingFinished: readonly Pod[], api: DaemonApi): Promise<void> {
  let toKill = old.length - (ds.spec?.revisionHistoryLimit ?? 10);
  if (toKill <= 0) return;
  const liveHashes = new Set(podsIncludingFinished.map((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL]).filter((h): h is string => Boolean(h)));
  for (const revision of [...old].sort((a, b) => (a.revision ?? 0) - (b.revision ?? 0))) {
    if (toKill <= 0) break;
    if (liveHashes.has(revision.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] ?? '')) continue;
    await api.deleteRevision(ds.metadata.namespace ?? '', revision.metadata.name ?? '');
    toKill--;
  }
}
