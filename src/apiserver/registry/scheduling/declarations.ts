// The resources of the scheduling group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { priorityClassesDeclaration } from './priorityclasses/declaration.ts';

export function schedulingDeclarations(): ResourceDeclaration<any, any>[] {
  return [priorityClassesDeclaration()];
}
