// The resources of the node group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { runtimeClassesDeclaration } from './runtimeclasses/declaration.ts';

export function nodeDeclarations(): ResourceDeclaration<any, any>[] {
  return [runtimeClassesDeclaration()];
}
