// autoscaling.v2's types as Go structs (see ../go-structs.ts). Field numbers and tags are
// Kubernetes' (k8s.io/api); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const autoscalingV2Package: GoPackage = {
  prefix: 'io.orch.api.autoscaling.v2',
  goPackage: 'v2',
  structs: {},
};
