// What a write may change on a StorageVersionMigration: a create starts with an empty status,
// the main resource keeps the stored status, /status keeps the spec and the metadata a status
// write may not touch. Updates must name the resourceVersion they change.
import type { StorageVersionMigration } from '../../../../api/storagemigration/v1beta1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { keepMetadataForStatus } from '../../status-metadata.ts';
import { validateStorageVersionMigration, validateStorageVersionMigrationStatusUpdate, validateStorageVersionMigrationUpdate } from './validation.ts';

export const storageVersionMigrationStrategy: ResourceStrategy<StorageVersionMigration> = {
  prepareForCreate(svm) {
    svm.status = {};
  },
  prepareForUpdate(svm, old) {
    svm.status = structuredClone(old.status ?? {});
  },
  validate: validateStorageVersionMigration,
  validateUpdate: validateStorageVersionMigrationUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: false,
};

export const storageVersionMigrationStatusStrategy: ResourceStrategy<StorageVersionMigration> = {
  ...storageVersionMigrationStrategy,
  prepareForUpdate(svm, old) {
    svm.spec = structuredClone(old.spec ?? {});
    keepMetadataForStatus(svm.metadata, old.metadata);
  },
  validateUpdate: validateStorageVersionMigrationStatusUpdate,
};
