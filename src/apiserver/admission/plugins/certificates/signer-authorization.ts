// Kubernetes' IsAuthorizedForSignerName: a user may `verb` (approve, sign, attest) for a signer
// when the authorizer allows that verb on certificates.orch.io `signers` named the signer, or
// named its domain with a wildcard path (`example.com/*`).
import type { Attributes, Authorizer, UserInfo } from '../../../../machinery/authorization/types.ts';
import { canonicalGroup } from '../../../registry/generic/alias.ts';
import type { AdmissionAttributes } from '../../types.ts';

export const CERTIFICATES_GROUP = 'certificates.orch.io';

function signerAttributes(user: UserInfo, verb: string, name: string): Attributes {
  return { user, verb, name, apiGroup: CERTIFICATES_GROUP, apiVersion: '*', resource: 'signers', subresource: '', namespace: '', isResourceRequest: true, path: '' };
}

export async function authorizedForSigner(authorizer: Authorizer | undefined, user: UserInfo | undefined, verb: string, signerName: string): Promise<boolean> {
  if (!authorizer || !user) return false;
  for (const name of [signerName, `${signerName.split('/')[0]}/*`]) {
    if ((await authorizer.authorize(signerAttributes(user, verb, name))).decision === 'allow') return true;
  }
  return false;
}

/** The write is to certificates.orch.io `resource` (either of the group's names) and this subresource. */
export function isCertificatesWrite(attrs: AdmissionAttributes, resource: string, subresource: string): boolean {
  return canonicalGroup(attrs.resource.group) === CERTIFICATES_GROUP && attrs.resource.resource === resource && attrs.subresource === subresource;
}
