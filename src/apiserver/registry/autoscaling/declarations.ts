// The resources of the autoscaling group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';

export function autoscalingDeclarations(): ResourceDeclaration<any, any>[] {
  return [];
}
