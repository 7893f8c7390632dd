// How a claim, a volume, a storage class and a node fit together when a pod's claims are placed:
// the class a claim or volume belongs to (the beta annotation before spec.storageClassName), the
// volume's required node affinity and a class's allowed topologies against a node's labels, and
// whether an unbound volume can serve a claim on a node (same class, big enough, the same volume
// mode, every access mode, the claim's selector, not being deleted, Available or already promised
// to the claim). Among those the smallest serves.
import type { Node } from '../../api/core/v1/node-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../api/core/v1/volume-types.ts';
import type { StorageClass } from '../../api/storage/v1/types.ts';
import { ANN_BETA_STORAGE_CLASS } from '../../api/core/v1/well-known-volume-annotations.ts';
import { parseQuantity, scaledValue } from '../quantity/quantity.ts';
import { labelSelectorMatches } from '../selectors/label-selector.ts';
import { nodeSelectorTermMatches } from './node-affinity.ts';

/** The provisioner name of classes whose volumes are made by hand (local volumes). */
export const NO_PROVISIONER = 'orch.io/no-provisioner';

export function claimClassName(claim: PersistentVolumeClaim): string {
  return claim.metadata.annotations?.[ANN_BETA_STORAGE_CLASS] ?? claim.spec?.storageClassName ?? '';
}

export function volumeClassName(volume: PersistentVolume): string {
  return volume.metadata.annotations?.[ANN_BETA_STORAGE_CLASS] ?? volume.spec?.storageClassName ?? '';
}

function bytes(quantity: string | undefined): bigint {
  if (!quantity) return 0n;
  try {
    return scaledValue(parseQuantity(quantity), 0);
  } catch {
    return 0n;
  }
}

/** The volume's required node affinity admits the node (no affinity admits every node). */
export function volumeNodeAffinityMatches(volume: PersistentVolume, node: Node): boolean {
  const terms = volume.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  if (!terms) return true;
  return terms.some((term) => nodeSelectorTermMatches(term, node));
}

/** The class's allowed topologies admit the node (none listed admits every node). */
export function allowedTopologiesMatch(storageClass: StorageClass, node: Node): boolean {
  const terms = storageClass.allowedTopologies ?? [];
  if (terms.length === 0) return true;
  const labels = node.metadata.labels ?? {};
  return terms.some((term) => (term.matchLabelExpressions ?? []).every((r) => labels[r.key] !== undefined && r.values.includes(labels[r.key]!)));
}

function promisedTo(volume: PersistentVolume, claim: PersistentVolumeClaim): boolean {
  const ref = volume.spec?.claimRef;
  return !!ref && ref.name === claim.metadata.name && ref.namespace === claim.metadata.namespace && (!ref.uid || ref.uid === claim.metadata.uid);
}

/** Whether the unbound volume can serve the claim on the node. */
export function volumeServesClaim(volume: PersistentVolume, claim: PersistentVolumeClaim, node: Node): boolean {
  if (volume.metadata.deletionTimestamp) return false;
  if (volume.spec?.claimRef && !promisedTo(volume, claim)) return false;
  if (!volume.spec?.claimRef && volume.status?.phase !== 'Available') return false;
  if (volumeClassName(volume) !== claimClassName(claim)) return false;
  if (bytes(volume.spec?.capacity?.storage) < bytes(claim.spec?.resources?.requests?.storage)) return false;
  if ((claim.spec?.volumeMode || 'Filesystem') !== (volume.spec?.volumeMode || 'Filesystem')) return false;
  const offered = new Set(volume.spec?.accessModes ?? []);
  if (!(claim.spec?.accessModes ?? []).every((m) => offered.has(m))) return false;
  if (claim.spec?.selector) {
    try {
      if (!labelSelectorMatches(claim.spec.selector, volume.metadata.labels)) return false;
    } catch {
      return false;
    }
  }
  return volumeNodeAffinityMatches(volume, node);
}

/** The smallest volume that serves the claim on the node, skipping those already taken. */
export function smallestServingVolume(claim: PersistentVolumeClaim, volumes: readonly PersistentVolume[], node: Node, taken: ReadonlySet<string>): PersistentVolume | undefined {
  let best: PersistentVolume | undefined;
  for (const volume of volumes) {
    if (taken.has(volume.metadata.name ?? '') || !volumeServesClaim(volume, claim, node)) continue;
    if (promisedTo(volume, claim)) return volume;
    if (!best || bytes(volume.spec?.capacity?.storage) < bytes(best.spec?.capacity?.storage)) best = volume;
  }
  return best;
}
