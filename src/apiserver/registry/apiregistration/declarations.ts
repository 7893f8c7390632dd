// The resources of the apiregistration group this server serves (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { apiServicesDeclaration } from './apiservices/declaration.ts';

export function apiregistrationDeclarations(): ResourceDeclaration<any, any>[] {
  return [apiServicesDeclaration()];
}
