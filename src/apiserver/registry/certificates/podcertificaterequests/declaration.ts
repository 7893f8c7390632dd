// certificates.orch.io/v1beta1 PodCertificateRequest: namespaced, with /status, field selectors
// spec.signerName, spec.podName and spec.nodeName. Kubernetes has no printer for it, so its table
// is the default one (Name, Created At). Beta: served only when --runtime-config turns
// certificates.orch.io/v1beta1 on and the PodCertificateRequest gate is on.
import { CERTIFICATES_GROUP } from '../../../../api/certificates/v1/types.ts';
import type { PodCertificateRequest } from '../../../../api/certificates/v1beta1/types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { NAME_COLUMN } from '../../simple-table.ts';
import { podCertificateRequestStatusStrategy, podCertificateRequestStrategy } from './strategy.ts';

export function podCertificateRequestsDeclaration() {
  return {
    group: CERTIFICATES_GROUP,
    version: 'v1beta1',
    kind: 'PodCertificateRequest',
    listKind: 'PodCertificateRequestList',
    plural: 'podcertificaterequests',
    singular: 'podcertificaterequest',
    shortNames: [],
    categories: [],
    namespaced: true,
    featureGates: ['PodCertificateRequest'],
    storageResource: { group: CERTIFICATES_GROUP, resource: 'podcertificaterequests' },
    storageVersion: { group: CERTIFICATES_GROUP, version: 'v1beta1', kind: 'PodCertificateRequest' },
    strategy: podCertificateRequestStrategy,
    schema: kindSchema('io.orch.api.certificates.v1beta1.PodCertificateRequest'),
    toStored: (pcr: PodCertificateRequest) => pcr,
    fromStored: (pcr: PodCertificateRequest) => cloneJson(pcr),
    fieldSet: (pcr: PodCertificateRequest) => ({
      ...objectMetaFieldSet(pcr.metadata, true),
      'spec.signerName': pcr.spec?.signerName ?? '',
      'spec.podName': pcr.spec?.podName ?? '',
      'spec.nodeName': pcr.spec?.nodeName ?? '',
    }),
    allowedFieldSelectors: ['metadata.name', 'metadata.namespace', 'spec.signerName', 'spec.podName', 'spec.nodeName'],
    table: {
      columns: [NAME_COLUMN, { name: 'Created At', type: 'date', format: '', priority: 0, description: 'When the request was created (metadata.creationTimestamp).' }],
      row: (pcr: PodCertificateRequest) => [pcr.metadata.name ?? '', pcr.metadata.creationTimestamp ?? null],
    },
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.certificates.v1beta1.PodCertificateRequest',
    protobuf: true,
    subresources: {
      status: { verbs: ['get', 'patch', 'update'], strategy: podCertificateRequestStatusStrategy() },
    },
  } satisfies ResourceDeclaration<PodCertificateRequest, PodCertificateRequest>;
}
