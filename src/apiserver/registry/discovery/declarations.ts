// The resources of the discovery group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { endpointSlicesDeclaration } from './endpointslices/declaration.ts';

export function discoveryDeclarations(): ResourceDeclaration<any, any>[] {
  return [endpointSlicesDeclaration()];
}
