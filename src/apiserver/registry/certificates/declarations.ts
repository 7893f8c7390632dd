// The resources of the certificates group this server serves, each one declaration (see ../resource.ts).
import type { ResourceDeclaration } from '../resource.ts';
import { certificateSigningRequestsDeclaration } from './certificatesigningrequests/declaration.ts';

export function certificatesDeclarations(): ResourceDeclaration<any, any>[] {
  return [certificateSigningRequestsDeclaration()];
}
