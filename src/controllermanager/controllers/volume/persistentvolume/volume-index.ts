// Which volume a claim gets, as Kubernetes' ordered volume index chooses: volumes are grouped by
// their access modes, groups that offer every mode the claim asks for are tried from the fewest
// modes up, and within a group a volume pre-bound to the claim wins at once; otherwise the
// smallest Available volume of the claim's class (and volume attributes class) that is big
// enough, of the same volume mode and matching the claim's selector. The binder passes no node:
// it leaves unbound volumes of WaitForFirstConsumer claims to the scheduler.
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { Node } from '../../../../api/core/v1/node-types.ts';
import { labelSelectorMatches } from '../../../../machinery/selectors/label-selector.ts';
import { nodeSelectorTermMatches } from '../../../../machinery/scheduling/node-affinity.ts';
import { accessModesSatisfied, capacityBytes, claimClass, isVolumeBoundToClaim, requestedBytes, volumeClass, volumeModeMismatch } from './volume-helpers.ts';

/** Whether the volume's required node affinity admits the node (no affinity admits every node). */
export function volumeNodeAffinityMatches(volume: PersistentVolume, node: Node): boolean {
  const terms = volume.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  if (!terms) return true;
  return terms.some((term) => nodeSelectorTermMatches(term, node));
}

const modesKey = (modes: readonly string[]) => [...new Set(modes)].sort().join(',');

/** The smallest fitting volume of one access-mode group, or the one pre-bound to the claim. */
export function findMatchingVolume(claim: PersistentVolumeClaim, volumes: readonly PersistentVolume[], node: Node | undefined, delayBinding: boolean): PersistentVolume | undefined {
  const requested = requestedBytes(claim);
  const requestedClass = claimClass(claim);
  const requestedAttributesClass = claim.spec?.volumeAttributesClassName ?? '';
  let smallest: PersistentVolume | undefined;
  for (const volume of volumes) {
    if (volume.spec?.claimRef && !isVolumeBoundToClaim(volume, claim)) continue;
    const size = capacityBytes(volume);
    if (size < requested) continue;
    if (volumeModeMismatch(claim, volume)) continue;
    if (volume.metadata.deletionTimestamp) continue;
    const affinityOk = !node || volumeNodeAffinityMatches(volume, node);
    if (isVolumeBoundToClaim(volume, claim)) return affinityOk ? volume : undefined;
    // Unbound volumes of a claim that waits for its first consumer are the scheduler's to pick.
    if (!node && delayBinding) continue;
    if (volume.status?.phase !== 'Available') continue;
    if (claim.spec?.selector && !labelSelectorMatches(claim.spec.selector, volume.metadata.labels)) continue;
    if (volumeClass(volume) !== requestedClass) continue;
    if ((volume.spec?.volumeAttributesClassName ?? '') !== requestedAttributesClass) continue;
    if (!affinityOk) continue;
    if (node && !accessModesSatisfied(claim, volume)) continue;
    if (!smallest || capacityBytes(smallest) > size) smallest = volume;
  }
  return smallest;
}

/** The volume the binder should bind the claim to, if any. */
export function findBestMatchForClaim(claim: PersistentVolumeClaim, volumes: readonly PersistentVolume[], delayBinding: boolean, node?: Node): PersistentVolume | undefined {
  const groups = new Map<string, { modes: Set<string>; volumes: PersistentVolume[] }>();
  for (const volume of volumes) {
    const key = modesKey(volume.spec?.accessModes ?? []);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { modes: new Set(volume.spec?.accessModes ?? []), volumes: [] }));
    group.volumes.push(volume);
  }
  const wanted = claim.spec?.accessModes ?? [];
  const candidates = [...groups.values()].filter((g) => wanted.every((mode) => g.modes.has(mode))).sort((a, b) => a.modes.size - b.modes.size);
  for (const group of candidates) {
    const found = findMatchingVolume(claim, group.volumes, node, delayBinding);
    if (found) return found;
  }
  return undefined;
}
