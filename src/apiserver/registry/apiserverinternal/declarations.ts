// The resources of the internal.apiserver group this server serves: StorageVersions at v1alpha1,
// off unless --runtime-config turns them on (and the StorageVersionAPI gate is on).
import type { ResourceDeclaration } from '../resource.ts';
import { storageVersionsDeclaration } from './storageversions/declaration.ts';

export function apiserverInternalDeclarations(): ResourceDeclaration<any, any>[] {
  return [storageVersionsDeclaration()];
}
