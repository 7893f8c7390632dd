// storagemigration.orch.io/v1beta1 StorageVersionMigration, as JSON on the wire.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export const STORAGEMIGRATION_GROUP = 'storagemigration.orch.io';

export interface MigrationCondition {
  type: string;
  status: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface StorageVersionMigration {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: { resource?: { group?: string; resource?: string } };
  status?: { conditions?: MigrationCondition[]; resourceVersion?: string };
  [field: string]: unknown;
}
