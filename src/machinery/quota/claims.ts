// Quota of persistent volume claims: each claim counts once (persistentvolumeclaims,
// count/persistentvolumeclaims) and for the storage it requests, in whole bytes (requests.storage,
// or what was allocated when that is more); both are also counted per storage class as
// <class>.storageclass.storage.orch.io/<name>.
import type { PersistentVolumeClaim } from '../../api/core/v1/volume-types.ts';
import type { ResourceList } from '../../api/core/v1/policy-types.ts';
import { canonicalQuantity, parseQuantity, scaledValue } from '../quantity/quantity.ts';
import { compareQuantity } from '../quantity/resource-lists.ts';
import type { QuotaMeasure } from './measure.ts';
import { inNoScope, objectCountName } from './measure.ts';

const CLAIM_COUNT = objectCountName('', 'persistentvolumeclaims');
const CLAIM_RESOURCES = ['persistentvolumeclaims', 'requests.storage'];
export const STORAGE_CLASS_SUFFIX = '.storageclass.storage.orch.io/';
/** The claim's class as the beta annotation names it, which wins over spec.storageClassName. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.orch.io/storage-class';

function storageClassOf(claim: PersistentVolumeClaim): string {
  return claim.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? claim.spec?.storageClassName ?? '';
}

/** A request with a fraction of a byte is counted as the next whole byte. */
function wholeBytes(q: string): string {
  const parsed = parseQuantity(q);
  if (parsed.scale >= 0) return q;
  return canonicalQuantity({ ...parsed, unscaled: scaledValue(parsed, 0), scale: 0 });
}

function storageUsage(claim: PersistentVolumeClaim): string | undefined {
  const requested = claim.spec?.resources?.requests?.['storage'];
  if (requested === undefined) return undefined;
  const allocated = claim.status?.allocatedResources?.['storage'];
  return wholeBytes(allocated !== undefined && compareQuantity(allocated, requested) > 0 ? allocated : requested);
}

export function claimUsage(claim: PersistentVolumeClaim): ResourceList {
  const out: ResourceList = { persistentvolumeclaims: '1', [CLAIM_COUNT]: '1' };
  const storageClass = storageClassOf(claim);
  if (storageClass) out[`${storageClass}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`] = '1';
  const storage = storageUsage(claim);
  if (storage !== undefined) {
    out['requests.storage'] = storage;
    if (storageClass) out[`${storageClass}${STORAGE_CLASS_SUFFIX}requests.storage`] = storage;
  }
  return out;
}

export function claimMeasure(): QuotaMeasure {
  return {
    group: '',
    resource: 'persistentvolumeclaims',
    matchesScope: inNoScope,
    matchingResources: (input) =>
      input.filter((n) => n === CLAIM_COUNT || CLAIM_RESOURCES.includes(n) || CLAIM_RESOURCES.some((r) => n.endsWith(`${STORAGE_CLASS_SUFFIX}${r}`))),
    usage: (obj) => claimUsage(obj as PersistentVolumeClaim),
  };
}
