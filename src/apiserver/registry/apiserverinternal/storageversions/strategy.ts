// What a write may change on a StorageVersion, as Kubernetes 1.35's strategy: a create starts
// with an empty status, the main resource keeps the stored status, /status keeps the (empty) spec
// and the metadata a status write may not touch. Updates must name the resourceVersion they change.
import type { StorageVersion } from '../../../../api/apiserverinternal/v1alpha1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { keepMetadataForStatus } from '../../status-metadata.ts';
import { validateStorageVersion, validateStorageVersionStatusUpdate, validateStorageVersionUpdate } from './validation.ts';

export const storageVersionStrategy: ResourceStrategy<StorageVersion> = {
  prepareForCreate(sv) {
    sv.status = {};
  },
  prepareForUpdate(sv, old) {
    sv.status = structuredClone(old.status ?? {});
  },
  validate: validateStorageVersion,
  validateUpdate: validateStorageVersionUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: false,
};

export const storageVersionStatusStrategy: ResourceStrategy<StorageVersion> = {
  ...storageVersionStrategy,
  prepareForUpdate(sv, old) {
    sv.spec = structuredClone(old.spec ?? {});
    keepMetadataForStatus(sv.metadata, old.metadata);
  },
  validateUpdate: validateStorageVersionStatusUpdate,
};
