// certificates.orch.io/v1 CertificateSigningRequest: cluster-scoped, short name csr, with
// /status (the signer's certificate and Failed conditions) and /approval (Approved and Denied
// conditions); selected by spec.signerName.
import type { CertificateSigningRequest } from '../../../../api/certificates/v1/types.ts';
import { CERTIFICATES_GROUP } from '../../../../api/certificates/v1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { certificateSigningRequestApprovalStrategy, certificateSigningRequestStatusStrategy, certificateSigningRequestStrategy } from './strategy.ts';
import { certificateSigningRequestTable } from './table.ts';

export function certificateSigningRequestsDeclaration() {
  return {
    group: CERTIFICATES_GROUP,
    version: 'v1',
    kind: 'CertificateSigningRequest',
    listKind: 'CertificateSigningRequestList',
    plural: 'certificatesigningrequests',
    singular: 'certificatesigningrequest',
    shortNames: ['csr'],
    categories: [],
    namespaced: false,
    storageResource: { group: CERTIFICATES_GROUP, resource: 'certificatesigningrequests' },
    storageVersion: { group: CERTIFICATES_GROUP, version: 'v1', kind: 'CertificateSigningRequest' },
    strategy: certificateSigningRequestStrategy,
    schema: kindSchema('io.orch.api.certificates.v1.CertificateSigningRequest'),
    toStored: (csr: CertificateSigningRequest) => csr,
    fromStored: (csr: CertificateSigningRequest) => cloneJson(csr),
    fieldSet: (csr: CertificateSigningRequest) => ({ ...objectMetaFieldSet(csr.metadata, false), 'spec.signerName': csr.spec?.signerName ?? '' }),
    allowedFieldSelectors: ['metadata.name', 'spec.signerName'],
    table: certificateSigningRequestTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.certificates.v1.CertificateSigningRequest',
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: certificateSigningRequestStatusStrategy },
      approval: { verbs: ['get', 'patch', 'update'], strategy: certificateSigningRequestApprovalStrategy },
    },
  } satisfies ResourceDeclaration<CertificateSigningRequest, CertificateSigningRequest>;
}
