// The resources of the resource group this server serves, each one declaration (see ../resource.ts):
// dynamic resource allocation at v1, and at v1beta2 and v1beta1 (each off unless --runtime-config
// turns it on) over the same objects; v1beta1 converts (v1beta1/). DeviceTaintRules at v1alpha3,
// behind their feature gates too.
import type { ResourceDeclaration } from '../resource.ts';
import { deviceClassesDeclaration } from './deviceclasses/declaration.ts';
import { resourceClaimsDeclaration } from './resourceclaims/declaration.ts';
import { resourceClaimTemplatesDeclaration } from './resourceclaimtemplates/declaration.ts';
import { resourceSlicesDeclaration } from './resourceslices/declaration.ts';
import { deviceTaintRulesDeclaration } from './devicetaintrules/declaration.ts';
import { servedAsVersion } from './served-version.ts';
import { resourceV1beta1Declarations } from './v1beta1/declarations.ts';

export function resourceDeclarations(): ResourceDeclaration<any, any>[] {
  const [deviceClasses, resourceClaims, resourceClaimTemplates, resourceSlices] = [deviceClassesDeclaration(), resourceClaimsDeclaration(), resourceClaimTemplatesDeclaration(), resourceSlicesDeclaration()];
  const v1: ResourceDeclaration<any, any>[] = [deviceClasses, resourceClaims, resourceClaimTemplates, resourceSlices];
  return [
    ...v1,
    ...v1.map((decl) => servedAsVersion(decl, 'v1beta2')),
    ...resourceV1beta1Declarations({ deviceClasses, resourceClaims, resourceClaimTemplates, resourceSlices }),
    deviceTaintRulesDeclaration(),
  ];
}
