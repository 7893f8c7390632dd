// The resources of the apps group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { controllerRevisionsDeclaration } from './controllerrevisions/declaration.ts';
import { daemonSetsDeclaration } from './daemonsets/declaration.ts';
import { deploymentsDeclaration } from './deployments/declaration.ts';
import { replicaSetsDeclaration } from './replicasets/declaration.ts';
import { statefulSetsDeclaration } from './statefulsets/declaration.ts';

export function appsDeclarations(): ResourceDeclaration<any, any>[] {
  return [controllerRevisionsDeclaration(), daemonSetsDeclaration(), deploymentsDeclaration(), replicaSetsDeclaration(), statefulSetsDeclaration()];
}
