// What a write may change on a StorageVersionMigration: the plain spec and status split
// (spec-status-strategy.ts).
import type { StorageVersionMigration } from '../../../../api/storagemigration/v1beta1/types.ts';
import { specStatusStrategies } from '../../spec-status-strategy.ts';
import { validateStorageVersionMigration, validateStorageVersionMigrationStatusUpdate, validateStorageVersionMigrationUpdate } from './validation.ts';

const strategies = specStatusStrategies<StorageVersionMigration>({
  validate: validateStorageVersionMigration,
  validateUpdate: validateStorageVersionMigrationUpdate,
  validateStatusUpdate: validateStorageVersionMigrationStatusUpdate,
});

export const storageVersionMigrationStrategy = strategies.main;
export const storageVersionMigrationStatusStrategy = strategies.status;
