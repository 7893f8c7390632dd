// The resources of the networking group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';

export function networkingDeclarations(): ResourceDeclaration<any, any>[] {
  return [];
}
