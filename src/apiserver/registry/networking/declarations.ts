// The resources of the networking group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { ingressClassesDeclaration } from './ingressclasses/declaration.ts';
import { ingressesDeclaration } from './ingresses/declaration.ts';
import { ipAddressesDeclaration } from './ipaddresses/declaration.ts';
import { networkPoliciesDeclaration } from './networkpolicies/declaration.ts';
import { serviceCIDRsDeclaration } from './servicecidrs/declaration.ts';

export function networkingDeclarations(): ResourceDeclaration<any, any>[] {
  return [networkPoliciesDeclaration(), ingressesDeclaration(), ingressClassesDeclaration(), ipAddressesDeclaration(), serviceCIDRsDeclaration()];
}
