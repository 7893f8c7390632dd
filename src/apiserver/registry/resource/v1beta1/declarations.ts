// resource.orch.io/v1beta1: the v1 resources served through conversion (conversion.ts), off
// unless --runtime-config turns the version on, as in Kubernetes 1.35. Device classes have v1's
// shape and only change their apiVersion.
import type { ResourceDeclaration } from '../../resource.ts';
import { servedAsVersion } from '../served-version.ts';
import { servedThroughConversion } from './converted-version.ts';
import { claimFromV1, claimTemplateFromV1, claimTemplateToV1, claimToV1, sliceFromV1, sliceToV1 } from './conversion.ts';

export function resourceV1beta1Declarations(v1: {
  deviceClasses: ResourceDeclaration<any, any>;
  resourceClaims: ResourceDeclaration<any, any>;
  resourceClaimTemplates: ResourceDeclaration<any, any>;
  resourceSlices: ResourceDeclaration<any, any>;
}): ResourceDeclaration<any, any>[] {
  return [
    servedAsVersion(v1.deviceClasses, 'v1beta1'),
    servedThroughConversion(v1.resourceClaims, 'v1beta1', { toStoredVersion: claimToV1, fromStoredVersion: claimFromV1 }),
    servedThroughConversion(v1.resourceClaimTemplates, 'v1beta1', { toStoredVersion: claimTemplateToV1, fromStoredVersion: claimTemplateFromV1 }),
    servedThroughConversion(v1.resourceSlices, 'v1beta1', { toStoredVersion: sliceToV1, fromStoredVersion: sliceFromV1 }),
  ];
}
