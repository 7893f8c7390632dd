// resource.v1's types as Go structs (see ../go-structs.ts). Field numbers and tags are
// Kubernetes' (k8s.io/api); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const resourcePackage: GoPackage = {
  prefix: 'io.orch.api.resource.v1',
  goPackage: 'v1',
  structs: {},
};
