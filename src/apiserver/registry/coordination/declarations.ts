// The coordination group's resources beside Leases (which the server's own start-up needs, so
// core-resources.ts installs them): LeaseCandidates at v1beta1 and v1alpha2, over one store,
// both off unless --runtime-config turns them on.
import type { ResourceDeclaration } from '../resource.ts';
import { servedAsVersion } from '../resource/served-version.ts';
import { leaseCandidatesDeclaration } from './leasecandidates/declaration.ts';

export function coordinationDeclarations(): ResourceDeclaration<any, any>[] {
  const beta = leaseCandidatesDeclaration();
  return [beta, servedAsVersion(beta, 'v1alpha2')];
}
