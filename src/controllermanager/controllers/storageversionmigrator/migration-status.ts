// The conditions a StorageVersionMigration goes through, as Kubernetes' migrator writes them:
// Running (StorageVersionMigrationInProgress), then Succeeded (StorageVersionMigrationSucceeded)
// or Failed (StorageVersionMigrationFailed); reaching either end turns Running false.
import type { MigrationCondition, StorageVersionMigration } from '../../../api/storagemigration/v1beta1/types.ts';

export type MigrationConditionType = 'Running' | 'Succeeded' | 'Failed';

export const REASONS: Record<MigrationConditionType, string> = {
  Running: 'StorageVersionMigrationInProgress',
  Succeeded: 'StorageVersionMigrationSucceeded',
  Failed: 'StorageVersionMigrationFailed',
};

export function isConditionTrue(svm: StorageVersionMigration, type: MigrationConditionType): boolean {
  return (svm.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

/** The migration finished one way or the other: nothing more to do. */
export function isFinished(svm: StorageVersionMigration): boolean {
  return isConditionTrue(svm, 'Succeeded') || isConditionTrue(svm, 'Failed');
}

/** A copy with the condition set true (kept as it is when already true). */
export function withCondition(svm: StorageVersionMigration, type: MigrationConditionType, message: string, now: Date): StorageVersionMigration {
  const out = structuredClone(svm);
  if (isConditionTrue(out, type)) return out;
  const time = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const conditions: MigrationCondition[] = (out.status?.conditions ?? []).filter((c) => c.type !== type);
  if (type !== 'Running') {
    for (const c of conditions) {
      if (c.type === 'Running' && c.status === 'True') Object.assign(c, { status: 'False', lastTransitionTime: time });
    }
  }
  conditions.push({ type, status: 'True', lastTransitionTime: time, reason: REASONS[type], message });
  out.status = { ...(out.status ?? {}), conditions };
  return out;
}
