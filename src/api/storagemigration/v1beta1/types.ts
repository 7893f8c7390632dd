// storagemigration.orch.io/v1beta1 StorageVersionMigration, as JSON on the wire.
import type { MetaCondition, ObjectMeta } from '../../meta/v1/types.ts';

export const STORAGEMIGRATION_GROUP = 'storagemigration.orch.io';

/** A migration's conditions are metav1 Conditions. */
export type MigrationCondition = MetaCondition;

export interface StorageVersionMigration {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: { resource?: { group?: string; resource?: string } };
  status?: { conditions?: MigrationCondition[]; resourceVersion?: string };
  [field: string]: unknown;
}
