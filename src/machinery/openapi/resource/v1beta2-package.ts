// resource.v1beta2's types: the same structs as resource/v1 (package.ts), which Kubernetes keeps
// field for field alike, published under their own definition names with v1beta2 kinds.
import type { GoPackage, StructDecl } from '../go-structs.ts';
import { resourcePackage } from './package.ts';

function asV1beta2(decl: StructDecl): StructDecl {
  return decl.kind ? { ...decl, kind: { ...decl.kind, version: 'v1beta2' } } : decl;
}

export const resourceV1beta2Package: GoPackage = {
  prefix: 'io.orch.api.resource.v1beta2',
  goPackage: 'v1beta2',
  structs: Object.fromEntries(Object.entries(resourcePackage.structs).map(([name, decl]) => [name, asV1beta2(decl)])),
};
