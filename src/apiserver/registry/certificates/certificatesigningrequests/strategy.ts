// What each path may change on a CertificateSigningRequest. Create: the requester's name, uid,
// groups and extra come from the request's user, whatever the body said, and the status starts
// empty. The main resource: only metadata (spec and status are kept). /status: not the spec, and
// Approved and Denied conditions stay as stored. /approval: only the conditions. Conditions
// without timestamps get them: lastUpdateTime now, lastTransitionTime kept from a stored
// condition of the same type and status, else now.
import type { CertificateSigningRequest } from '../../../../api/certificates/v1/types.ts';
import type { CreateContext, ResourceStrategy } from '../../resource.ts';
import { keepMetadataForStatus } from '../../status-metadata.ts';
import {
  validateCertificateSigningRequest,
  validateCertificateSigningRequestApprovalUpdate,
  validateCertificateSigningRequestStatusUpdate,
  validateCertificateSigningRequestUpdate,
} from './validation.ts';

function fillRequester(csr: CertificateSigningRequest, ctx: CreateContext | undefined): void {
  const spec = csr.spec;
  delete spec.username;
  delete spec.uid;
  delete spec.groups;
  delete spec.extra;
  const user = ctx?.user;
  if (!user) return;
  if (user.name) spec.username = user.name;
  if (user.uid) spec.uid = user.uid;
  if (user.groups?.length) spec.groups = [...user.groups];
  if (user.extra && Object.keys(user.extra).length) spec.extra = structuredClone(user.extra);
}

function nowTime(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function populateConditionTimestamps(csr: CertificateSigningRequest, old: CertificateSigningRequest): void {
  const now = nowTime();
  for (const c of csr.status?.conditions ?? []) {
    c.lastUpdateTime ||= now;
    if (!c.lastTransitionTime) {
      const before = (old.status?.conditions ?? []).find((o) => o.type === c.type && o.status === c.status && o.lastTransitionTime);
      c.lastTransitionTime = before?.lastTransitionTime ?? now;
    }
  }
}

/** Keeps the stored instances of a condition type when the update has as many of them. */
function preserveConditions(csr: CertificateSigningRequest, old: CertificateSigningRequest, type: string): void {
  const list = csr.status?.conditions ?? [];
  const at = list.flatMap((c, i) => (c.type === type ? [i] : []));
  const stored = (old.status?.conditions ?? []).filter((c) => c.type === type);
  if (at.length !== stored.length) return;
  at.forEach((i, n) => (list[i] = structuredClone(stored[n]!)));
}

export const certificateSigningRequestStrategy: ResourceStrategy<CertificateSigningRequest> = {
  prepareForCreate(csr, ctx) {
    csr.spec ??= {} as CertificateSigningRequest['spec'];
    fillRequester(csr, ctx);
    csr.status = {};
  },
  prepareForUpdate(csr, old) {
    csr.spec = structuredClone(old.spec);
    csr.status = structuredClone(old.status ?? {});
  },
  validate: validateCertificateSigningRequest,
  validateUpdate: validateCertificateSigningRequestUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const certificateSigningRequestStatusStrategy: ResourceStrategy<CertificateSigningRequest> = {
  ...certificateSigningRequestStrategy,
  prepareForUpdate(csr, old) {
    csr.spec = structuredClone(old.spec);
    keepMetadataForStatus(csr.metadata, old.metadata);
    preserveConditions(csr, old, 'Approved');
    preserveConditions(csr, old, 'Denied');
    populateConditionTimestamps(csr, old);
  },
  validateUpdate: validateCertificateSigningRequestStatusUpdate,
};

export const certificateSigningRequestApprovalStrategy: ResourceStrategy<CertificateSigningRequest> = {
  ...certificateSigningRequestStrategy,
  prepareForUpdate(csr, old) {
    populateConditionTimestamps(csr, old);
    const conditions = csr.status?.conditions;
    csr.spec = structuredClone(old.spec);
    keepMetadataForStatus(csr.metadata, old.metadata);
    csr.status = structuredClone(old.status ?? {});
    if (conditions) csr.status.conditions = conditions;
    else delete csr.status.conditions;
  },
  validateUpdate: validateCertificateSigningRequestApprovalUpdate,
};
