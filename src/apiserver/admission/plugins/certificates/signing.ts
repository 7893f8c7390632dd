// CertificateSigning: an update through certificatesigningrequests/status that changes the
// certificate or the conditions needs the `sign` verb on the stored request's signer.
import type { CertificateSigningRequest } from '../../../../api/certificates/v1/types.ts';
import type { Authorizer } from '../../../../machinery/authorization/types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { authorizedForSigner, isCertificatesWrite } from './signer-authorization.ts';

export function certificateSigning(deps: { authorizer?: () => Authorizer | undefined }): AdmissionPlugin {
  return {
    name: 'CertificateSigning',
    handles: (op) => op === 'UPDATE',
    async validate(attrs) {
      if (!isCertificatesWrite(attrs, 'certificatesigningrequests', 'status')) return;
      const csr = attrs.object as CertificateSigningRequest | undefined;
      const old = attrs.oldObject as CertificateSigningRequest | undefined;
      if (!csr || !old) return;
      const unchanged = (csr.status?.certificate ?? '') === (old.status?.certificate ?? '') && deepEqual(csr.status?.conditions ?? [], old.status?.conditions ?? []);
      if (unchanged) return;
      const signer = old.spec?.signerName ?? '';
      if (!(await authorizedForSigner(deps.authorizer?.(), attrs.userInfo, 'sign', signer))) {
        throw admissionForbidden(attrs, `user not permitted to sign requests with signerName ${JSON.stringify(signer)}`);
      }
    },
  };
}
