// CertificateApproval: an update through certificatesigningrequests/approval needs the `approve`
// verb on the request's signer (certificates.orch.io signers, by name or domain/*).
import type { CertificateSigningRequest } from '../../../../api/certificates/v1/types.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { authorizedForSigner, isCertificatesWrite } from './signer-authorization.ts';

export function certificateApproval(deps: { authorizer?: () => Authorizer | undefined }): AdmissionPlugin {
  return {
    name: 'CertificateApproval',
    handles: (op) => op === 'UPDATE',
    async validate(attrs) {
      if (!isCertificatesWrite(attrs, 'certificatesigningrequests', 'approval')) return;
      const signer = (attrs.object as CertificateSigningRequest | undefined)?.spec?.signerName ?? '';
      if (!(await authorizedForSigner(deps.authorizer?.(), attrs.userInfo, 'approve', signer))) {
        throw admissionForbidden(attrs, `user not permitted to approve requests with signerName ${JSON.stringify(signer)}`);
      }
    },
  };
}
