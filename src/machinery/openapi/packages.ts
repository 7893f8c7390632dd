// Every package of API types declared as Go structs: the OpenAPI definitions and the Go field
// tables of the served kinds are derived from these.
import type { GoPackage } from './go-structs.ts';
import { apiextensionsPackage } from './apiextensions/package.ts';
import { apiregistrationPackage } from './apiregistration/package.ts';
import { appsPackage } from './apps/package.ts';
import { autoscalingPackage } from './autoscaling/package.ts';
import { autoscalingV2Package } from './autoscaling/v2-package.ts';
import { batchPackage } from './batch/package.ts';
import { certificatesPackage } from './certificates/package.ts';
import { corePackage } from './core/package.ts';
import { discoveryPackage } from './discovery/package.ts';
import { networkingPackage } from './networking/package.ts';
import { nodePackage } from './node/package.ts';
import { policyPackage } from './policy/package.ts';
import { resourcePackage } from './resource/package.ts';
import { resourceV1beta2Package } from './resource/v1beta2-package.ts';
import { resourceV1beta1Package } from './resource/v1beta1-package.ts';
import { resourceV1alpha3Package } from './resource/v1alpha3-package.ts';
import { apiserverInternalV1alpha1Package } from './apiserverinternal/v1alpha1-package.ts';
import { certificatesV1beta1Package } from './certificates/v1beta1-package.ts';
import { coordinationV1alpha2Package, coordinationV1beta1Package } from './coordination/v1beta1-package.ts';
import { metaGroupResourcePackage, storagemigrationV1beta1Package } from './storagemigration/v1beta1-package.ts';
import { schedulingPackage } from './scheduling/package.ts';
import { storagePackage } from './storage/package.ts';

export const GO_PACKAGES: readonly GoPackage[] = [
  corePackage,
  appsPackage,
  batchPackage,
  autoscalingPackage,
  autoscalingV2Package,
  policyPackage,
  networkingPackage,
  discoveryPackage,
  storagePackage,
  nodePackage,
  schedulingPackage,
  certificatesPackage,
  resourcePackage,
  resourceV1beta2Package,
  resourceV1beta1Package,
  resourceV1alpha3Package,
  apiserverInternalV1alpha1Package,
  certificatesV1beta1Package,
  coordinationV1beta1Package,
  coordinationV1alpha2Package,
  storagemigrationV1beta1Package,
  metaGroupResourcePackage,
  apiextensionsPackage,
  apiregistrationPackage,
];
