// Claiming controller revisions, as Kubernetes' ControllerRevisionControllerRefManager does (the
// daemon set controller's history): a parent keeps the revisions it controls that its selector
// still takes, releases those it no longer selects (unless it is being deleted), and adopts
// orphans in its namespace that its selector takes, after the once-per-sync check that it may.
import type { ControllerRevision } from '../../../api/apps/v1/types.ts';
import type { LabelSelector } from '../../../api/meta/v1/types.ts';
import { labelSelectorMatches } from '../../../machinery/selectors/label-selector.ts';
import { isInvalid, isNotFound } from '../../../machinery/status.ts';
import type { CanAdopt } from '../workload/controller-ref-manager.ts';
import type { ControllerHistory } from './controller-history.ts';
import { controllerOf, type ParentKind } from './revisions.ts';

export interface RevisionParent {
  metadata: { name?: string; namespace?: string; uid?: string; deletionTimestamp?: string | null };
}

function selects(selector: LabelSelector | null | undefined, revision: ControllerRevision): boolean {
  if (!selector) return false;
  try {
    return labelSelectorMatches(selector, revision.metadata.labels);
  } catch {
    return false;
  }
}

/** The revisions the parent controls once claimed; throws the collected errors after trying every one. */
export async function claimRevisions(parent: RevisionParent, kind: ParentKind, selector: LabelSelector | null | undefined, revisions: readonly ControllerRevision[], history: Pick<ControllerHistory, 'adopt' | 'release'>, canAdopt: CanAdopt): Promise<ControllerRevision[]> {
  const claimed: ControllerRevision[] = [];
  const errors: Error[] = [];
  for (const revision of revisions) {
    try {
      const ref = controllerOf(revision);
      if (ref) {
        if (ref.uid !== parent.metadata.uid) continue;
        if (selects(selector, revision)) {
          claimed.push(revision);
          continue;
        }
        if (parent.metadata.deletionTimestamp) continue;
        try {
          await history.release({ metadata: parent.metadata }, revision);
        } catch (err) {
          if (!isNotFound(err) && !isInvalid(err)) throw err;
        }
        continue;
      }
      if (parent.metadata.deletionTimestamp || !selects(selector, revision) || revision.metadata.deletionTimestamp) continue;
      if (parent.metadata.namespace && parent.metadata.namespace !== revision.metadata.namespace) continue;
      try {
        await canAdopt();
      } catch (err) {
        throw new Error(`can't adopt ControllerRevision ${revision.metadata.namespace}/${revision.metadata.name} (${revision.metadata.uid}): ${(err as Error).message}`);
      }
      try {
        claimed.push(await history.adopt({ metadata: parent.metadata }, kind, revision));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    } catch (err) {
      errors.push(err as Error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new Error(`[${errors.map((e) => e.message).join(', ')}]`);
  return claimed;
}
