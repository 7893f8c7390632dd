// The resources of the batch group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';

export function batchDeclarations(): ResourceDeclaration<any, any>[] {
  return [];
}
