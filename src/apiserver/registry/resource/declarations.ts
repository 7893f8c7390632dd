// The resources of the resource group this server serves, each one declaration (see ../resource.ts):
// dynamic resource allocation at v1, and at v1beta2 (off unless --runtime-config turns it on)
// over the same objects.
import type { ResourceDeclaration } from '../resource.ts';
import { deviceClassesDeclaration } from './deviceclasses/declaration.ts';
import { resourceClaimsDeclaration } from './resourceclaims/declaration.ts';
import { resourceClaimTemplatesDeclaration } from './resourceclaimtemplates/declaration.ts';
import { resourceSlicesDeclaration } from './resourceslices/declaration.ts';
import { servedAsVersion } from './served-version.ts';

export function resourceDeclarations(): ResourceDeclaration<any, any>[] {
  const v1: ResourceDeclaration<any, any>[] = [deviceClassesDeclaration(), resourceClaimsDeclaration(), resourceClaimTemplatesDeclaration(), resourceSlicesDeclaration()];
  return [...v1, ...v1.map((decl) => servedAsVersion(decl, 'v1beta2'))];
}
