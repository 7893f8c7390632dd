// ControllerRevisions as Kubernetes' controller history builds them: a revision of a parent holds
// data that restores the parent's template, a revision number, the parent's template labels plus
// controller-revision-hash, and the parent as its controller. Its name is `<parent>-<hash>`, the
// hash taken over the data (and the parent's collision count, so a clash can be stepped past).
// Revisions sort by number, then age, then name; two are equal when their data is.
import type { ControllerRevision } from '../../../api/apps/v1/types.ts';
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import { CONTROLLER_REVISION_HASH_LABEL } from '../../../api/apps/v1/well-known-labels.ts';
import { goJsonMarshal } from './go-json.ts';
import { encodeHash, Fnv32 } from './hash.ts';

/** The longest name prefix a revision keeps before `-<hash>` (Kubernetes: 223). */
const MAX_PREFIX = 223;

export interface ParentObject {
  metadata: { name?: string; namespace?: string; uid?: string };
}

export interface ParentKind {
  apiVersion: string;
  kind: string;
}

/** The controller reference a parent puts on what it owns (metav1.NewControllerRef). */
export function controllerRefTo(parent: ParentObject, kind: ParentKind): OwnerReference {
  return { apiVersion: kind.apiVersion, kind: kind.kind, name: parent.metadata.name ?? '', uid: parent.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
}

/** The revision's data as the bytes it is hashed and compared by. */
export function revisionDataBytes(revision: ControllerRevision): string {
  return revision.data === undefined ? '' : goJsonMarshal(revision.data);
}

/** HashControllerRevision: FNV-1 over the data, then the collision count when one is given. */
export function hashControllerRevision(revision: ControllerRevision, collisionCount?: number): string {
  const hasher = new Fnv32();
  const raw = revisionDataBytes(revision);
  if (raw.length > 0) hasher.write(raw);
  if (collisionCount !== undefined) hasher.write(String(collisionCount));
  return encodeHash(hasher.sum32());
}

export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > MAX_PREFIX ? prefix.slice(0, MAX_PREFIX) : prefix}-${hash}`;
}

/** NewControllerRevision: a revision of `parent` not yet stored. */
export function newControllerRevision(parent: ParentObject, kind: ParentKind, templateLabels: Record<string, string> | undefined, data: unknown, revision: number, collisionCount: number): ControllerRevision {
  const cr: ControllerRevision = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { namespace: parent.metadata.namespace, labels: { ...templateLabels }, ownerReferences: [controllerRefTo(parent, kind)] },
    data,
    revision,
  };
  const hash = hashControllerRevision(cr, collisionCount);
  cr.metadata.name = controllerRevisionName(parent.metadata.name ?? '', hash);
  cr.metadata.labels![CONTROLLER_REVISION_HASH_LABEL] = hash;
  return cr;
}

/** SortControllerRevisions: by revision number, then creation time, then name. */
export function sortRevisions(revisions: ControllerRevision[]): ControllerRevision[] {
  return revisions.sort((a, b) => {
    const byNumber = (a.revision ?? 0) - (b.revision ?? 0);
    if (byNumber !== 0) return byNumber;
    const at = a.metadata.creationTimestamp ?? '';
    const bt = b.metadata.creationTimestamp ?? '';
    if (at !== bt) return at < bt ? -1 : 1;
    const an = a.metadata.name ?? '';
    const bn = b.metadata.name ?? '';
    return an < bn ? -1 : an > bn ? 1 : 0;
  });
}

/** EqualRevision: the same data (hash labels that both parse as numbers must also agree). */
export function equalRevision(a: ControllerRevision | undefined, b: ControllerRevision | undefined): boolean {
  if (!a || !b) return a === b;
  const numeric = (r: ControllerRevision) => {
    const label = r.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL];
    return label !== undefined && /^[+-]?[0-9]+$/.test(label) ? Number(label) : undefined;
  };
  const ah = numeric(a);
  const bh = numeric(b);
  if (ah !== undefined && bh !== undefined && ah !== bh) return false;
  return revisionDataBytes(a) === revisionDataBytes(b);
}

/** FindEqualRevisions: the revisions whose data equals `needle`'s, in the order given. */
export function findEqualRevisions(revisions: readonly ControllerRevision[], needle: ControllerRevision): ControllerRevision[] {
  return revisions.filter((r) => equalRevision(r, needle));
}

/** 1 for an empty history, else one past the highest (revisions sorted). */
export function nextRevision(sorted: readonly ControllerRevision[]): number {
  return sorted.length === 0 ? 1 : (sorted[sorted.length - 1]!.revision ?? 0) + 1;
}

/** The owner reference marked controller, if any. */
export function controllerOf(obj: { metadata?: { ownerReferences?: unknown[] } }): OwnerReference | undefined {
  return (obj.metadata?.ownerReferences as OwnerReference[] | undefined)?.find((ref) => ref.controller === true);
}
