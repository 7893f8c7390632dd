// The resources of the storagemigration group this server serves: StorageVersionMigrations at
// v1beta1 (Kubernetes 1.35 removed v1alpha1), off unless --runtime-config turns them on.
import type { ResourceDeclaration } from '../resource.ts';
import { storageVersionMigrationsDeclaration } from './storageversionmigrations/declaration.ts';

export function storagemigrationDeclarations(): ResourceDeclaration<any, any>[] {
  return [storageVersionMigrationsDeclaration()];
}
