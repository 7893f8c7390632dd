// The resources of the policy group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { podDisruptionBudgetsDeclaration } from './poddisruptionbudgets/declaration.ts';

export function policyDeclarations(): ResourceDeclaration<any, any>[] {
  return [podDisruptionBudgetsDeclaration()];
}
