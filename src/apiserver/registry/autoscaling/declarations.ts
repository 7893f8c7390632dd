// The resources of the autoscaling group this server serves, each one declaration (see
// ../resource.ts). v2 comes first: it is the preferred version, as in Kubernetes. Both versions
// of HorizontalPodAutoscaler share one store (keyed by their common storage resource).
import type { ResourceDeclaration } from '../resource.ts';
import { horizontalPodAutoscalersV1Declaration, horizontalPodAutoscalersV2Declaration } from './horizontalpodautoscalers/declaration.ts';

export function autoscalingDeclarations(): ResourceDeclaration<any, any>[] {
  return [horizontalPodAutoscalersV2Declaration(), horizontalPodAutoscalersV1Declaration()];
}
