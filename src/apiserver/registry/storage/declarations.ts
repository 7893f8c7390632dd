// The resources of the storage group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';

export function storageDeclarations(): ResourceDeclaration<any, any>[] {
  return [];
}
