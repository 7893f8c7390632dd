// A stateful set's revisions, as Kubernetes records them: the data is a strategic merge patch
// that replaces spec.template ({"spec":{"template":{…,"$patch":"replace"}}}), the revision carries
// the set's annotations, and applying one gives the set with that template back. The update
// revision is the newest revision equal to the set's template (renumbered to the front when an
// older one matches, made when none does); the current revision is the one status names, else
// the update revision. Revisions beyond revisionHistoryLimit that no pod uses are deleted, oldest
// first.
import type { ControllerRevision, StatefulSet } from '../../../api/apps/v1/types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { History } from '../history/controller-history.ts';
import { equalRevision, findEqualRevisions, newControllerRevision, nextRevision } from '../history/revisions.ts';
import { podRevision, STATEFUL_SET_KIND } from './identity.ts';

/** getPatch: the data of a revision of the set's current template. */
export function templatePatch(set: StatefulSet): { spec: { template: Record<string, unknown> } } {
  return { spec: { template: { ...structuredClone(set.spec?.template ?? {}), $patch: 'replace' } } };
}

export function newSetRevision(set: StatefulSet, revision: number, collisionCount: number): ControllerRevision {
  const cr = newControllerRevision(set, STATEFUL_SET_KIND, set.spec?.template?.metadata?.labels, templatePatch(set), revision, collisionCount);
  cr.metadata.annotations = { ...set.metadata.annotations };
  return cr;
}

/** ApplyRevision: the set with the revision's template in place of its own. */
export function applyRevision(set: StatefulSet, revision: ControllerRevision): StatefulSet {
  const clone = structuredClone(set);
  const template = (revision.data as { spec?: { template?: Record<string, unknown> } } | undefined)?.spec?.template;
  if (template) {
    const { $patch: _replace, ...rest } = structuredClone(template);
    clone.spec = { ...clone.spec, template: rest };
  }
  return clone;
}

export interface SetRevisions {
  current: ControllerRevision;
  update: ControllerRevision;
  collisionCount: number;
}

/** getStatefulSetRevisions over the sorted revisions; may create or renumber one. */
export async function setRevisions(set: StatefulSet, sorted: ControllerRevision[], history: History): Promise<SetRevisions> {
  const collision = { count: set.status?.collisionCount ?? 0 };
  let update = newSetRevision(set, nextRevision(sorted), collision.count);
  const equal = findEqualRevisions(sorted, update);
  const last = sorted[sorted.length - 1];
  if (equal.length > 0 && equalRevision(last, equal[equal.length - 1])) {
    // The newest revision is this template: nothing changed.
    update = last!;
  } else if (equal.length > 0) {
    // An older revision has this template: a rollback, so it moves to the front.
    update = await history.updateRevision(equal[equal.length - 1]!, update.revision ?? 0);
  } else {
    update = await history.create(set, update, collision);
  }
  const current = sorted.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
  return { current, update, collisionCount: collision.count };
}

/** truncateHistory: deletes revisions no pod, nor status, uses, beyond the limit, oldest first. */
export async function truncateHistory(set: StatefulSet, pods: readonly Pod[], sorted: readonly ControllerRevision[], current: ControllerRevision | undefined, update: ControllerRevision | undefined, history: History): Promise<void> {
  const live = new Set<string>();
  if (current?.metadata.name) live.add(current.metadata.name);
  if (update?.metadata.name) live.add(update.metadata.name);
  for (const pod of pods) live.add(podRevision(pod));
  const old = sorted.filter((r) => !live.has(r.metadata.name ?? ''));
  const limit = set.spec?.revisionHistoryLimit ?? 10;
  if (limit < 0 || old.length <= limit) return;
  for (const revision of old.slice(0, old.length - limit)) await history.delete(revision);
}
