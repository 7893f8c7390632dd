// What a write may change on a PodCertificateRequest, as Kubernetes 1.35's strategy: a create
// starts with an empty status, the main resource keeps the stored status (its spec is immutable),
// /status keeps the spec and the metadata a status write may not touch and is checked against the
// server's clock. Updates must name the resourceVersion they change.
import type { PodCertificateRequest } from '../../../../api/certificates/v1beta1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { keepMetadataForStatus } from '../../status-metadata.ts';
import { validatePodCertificateRequest, validatePodCertificateRequestStatusUpdate, validatePodCertificateRequestUpdate } from './validation.ts';

export const podCertificateRequestStrategy: ResourceStrategy<PodCertificateRequest> = {
  prepareForCreate(pcr) {
    pcr.status = {};
  },
  prepareForUpdate(pcr, old) {
    pcr.status = structuredClone(old.status ?? {});
  },
  validate: validatePodCertificateRequest,
  validateUpdate: validatePodCertificateRequestUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: false,
};

export function podCertificateRequestStatusStrategy(clock: () => Date = () => new Date()): ResourceStrategy<PodCertificateRequest> {
  return {
    ...podCertificateRequestStrategy,
    prepareForUpdate(pcr, old) {
      pcr.spec = structuredClone(old.spec);
      keepMetadataForStatus(pcr.metadata, old.metadata);
    },
    validateUpdate: (pcr, old) => validatePodCertificateRequestStatusUpdate(pcr, old, clock()),
  };
}
