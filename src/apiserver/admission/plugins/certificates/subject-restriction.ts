// CertificateSubjectRestriction: a new request to the orch.io/kube-apiserver-client signer may
// not ask for a certificate in the system:masters group (an organization of its subject), which
// would bypass authorization on every server that trusts the signer.
import type { CertificateSigningRequest } from '../../../../api/certificates/v1/types.ts';
import { KUBE_APISERVER_CLIENT_SIGNER } from '../../../../api/certificates/v1/types.ts';
import { parseCsr } from '../../../../component-base/certs/csr.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { AdmissionPlugin } from '../../types.ts';
import { isCertificatesWrite } from './signer-authorization.ts';

const MASTERS_GROUP = 'system:masters';

export function certificateSubjectRestriction(): AdmissionPlugin {
  return {
    name: 'CertificateSubjectRestriction',
    handles: (op) => op === 'CREATE',
    validate(attrs) {
      if (!isCertificatesWrite(attrs, 'certificatesigningrequests', '')) return;
      const csr = attrs.object as CertificateSigningRequest | undefined;
      if (csr?.spec?.signerName !== KUBE_APISERVER_CLIENT_SIGNER) return;
      let organizations: string[];
      try {
        organizations = parseCsr(Buffer.from(csr.spec.request ?? '', 'base64').toString('latin1')).organizations;
      } catch (err) {
        throw admissionForbidden(attrs, `failed to parse CSR: ${(err as Error).message}`);
      }
      if (organizations.includes(MASTERS_GROUP)) {
        throw admissionForbidden(attrs, `use of ${KUBE_APISERVER_CLIENT_SIGNER} signer with ${MASTERS_GROUP} group is not allowed`);
      }
    },
  };
}
