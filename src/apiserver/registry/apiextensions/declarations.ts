// The resources of the apiextensions group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { customResourceDefinitionsDeclaration } from './customresourcedefinitions/declaration.ts';

export function apiextensionsDeclarations(): ResourceDeclaration<any, any>[] {
  return [customResourceDefinitionsDeclaration()];
}
