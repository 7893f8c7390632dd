// What a write may change on a StorageVersion, as Kubernetes 1.35's strategy: the plain spec and
// status split (spec-status-strategy.ts), whose spec is empty.
import type { StorageVersion } from '../../../../api/apiserverinternal/v1alpha1/types.ts';
import { specStatusStrategies } from '../../spec-status-strategy.ts';
import { validateStorageVersion, validateStorageVersionStatusUpdate, validateStorageVersionUpdate } from './validation.ts';

const strategies = specStatusStrategies<StorageVersion>({
  validate: validateStorageVersion,
  validateUpdate: validateStorageVersionUpdate,
  validateStatusUpdate: validateStorageVersionStatusUpdate,
});

export const storageVersionStrategy = strategies.main;
export const storageVersionStatusStrategy = strategies.status;
