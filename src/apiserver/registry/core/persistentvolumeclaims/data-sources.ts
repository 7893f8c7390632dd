// What a claim's data source fields become before validation (KEP 1495, as Kubernetes' strategy
// applies it): a dataSource that is neither a claim nor a volume snapshot is dropped, unless the
// stored claim already had one; then dataSource and dataSourceRef are made to mirror each other
// when only one is given (a namespaced dataSourceRef has no dataSource).
import type { PersistentVolumeClaimSpec, TypedLocalObjectReference } from '../../../../api/core/v1/volume-types.ts';

/** The snapshot group under its orch name and its Kubernetes name, which CSI's CRDs use. */
const SNAPSHOT_GROUPS = new Set(['snapshot.storage.orch.io', 'snapshot.storage.k8s.io']);

function isClaimOrSnapshot(ref: TypedLocalObjectReference): boolean {
  const group = ref.apiGroup ?? '';
  return (ref.kind === 'PersistentVolumeClaim' && group === '') || (ref.kind === 'VolumeSnapshot' && SNAPSHOT_GROUPS.has(group));
}

const inUse = (spec: PersistentVolumeClaimSpec | undefined) => !!spec?.dataSource || !!spec?.dataSourceRef;

export function normalizeDataSources(spec: PersistentVolumeClaimSpec, old?: PersistentVolumeClaimSpec): void {
  if (!inUse(old) && spec.dataSource && !isClaimOrSnapshot(spec.dataSource)) delete spec.dataSource;
  mirrorDataSources(spec);
}

/** NormalizeDataSources alone, which a stored claim also gets before an update is judged. */
export function mirrorDataSources(spec: PersistentVolumeClaimSpec): void {
  const { dataSource, dataSourceRef } = spec;
  if (dataSource && !dataSourceRef) {
    spec.dataSourceRef = { ...(dataSource.apiGroup != null ? { apiGroup: dataSource.apiGroup } : {}), kind: dataSource.kind, name: dataSource.name };
  } else if (dataSourceRef && !dataSource && !dataSourceRef.namespace) {
    spec.dataSource = { ...(dataSourceRef.apiGroup != null ? { apiGroup: dataSourceRef.apiGroup } : {}), kind: dataSourceRef.kind, name: dataSourceRef.name };
  }
}
