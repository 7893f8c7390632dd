// The columns `kubectl get csr` shows, as Kubernetes prints them: NAME, AGE, SIGNERNAME,
// REQUESTOR (spec.username), REQUESTEDDURATION (expirationSeconds as a human duration) and
// CONDITION (Denied over Approved over Pending, then ",Failed" and ",Issued").
import type { CertificateSigningRequest } from '../../../../api/certificates/v1/types.ts';
import { humanDuration, timestampSince } from '../../human-duration.ts';
import type { ResourceTable } from '../../resource.ts';
import { AGE_COLUMN, NAME_COLUMN } from '../../simple-table.ts';

export function csrCondition(csr: CertificateSigningRequest): string {
  const types = new Set((csr.status?.conditions ?? []).map((c) => c.type));
  let out = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) out += ',Failed';
  if (csr.status?.certificate) out += ',Issued';
  return out;
}

export function certificateSigningRequestTable(): ResourceTable<CertificateSigningRequest> {
  return {
    columns: [
      NAME_COLUMN,
      AGE_COLUMN,
      { name: 'SignerName', type: 'string', format: '', priority: 0, description: 'The signer the certificate is asked of.' },
      { name: 'Requestor', type: 'string', format: '', priority: 0, description: 'The user who created the request.' },
      { name: 'RequestedDuration', type: 'string', format: '', priority: 0, description: 'The certificate lifetime asked for.' },
      { name: 'Condition', type: 'string', format: '', priority: 0, description: 'Pending, Approved or Denied, then Failed and Issued when they apply.' },
    ],
    row(csr) {
      const seconds = csr.spec?.expirationSeconds;
      return [
        csr.metadata.name ?? '',
        timestampSince(csr.metadata.creationTimestamp, new Date()),
        csr.spec?.signerName || '<none>',
        csr.spec?.username ?? '',
        seconds === undefined || seconds === null ? '<none>' : humanDuration(seconds * 1000),
        csrCondition(csr),
      ];
    },
  };
}
