// The resources of the resource group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';

export function resourceDeclarations(): ResourceDeclaration<any, any>[] {
  return [];
}
