// How a CertificateSigningRequest's conditions read to the certificate controllers: approved or
// denied by the presence of those conditions (validation lets them hold only True), a condition
// of another type only when True.
import type { CertificateSigningRequest } from '../../../api/certificates/v1/types.ts';

export function approvalState(csr: CertificateSigningRequest): { approved: boolean; denied: boolean } {
  const types = (csr.status?.conditions ?? []).map((c) => c.type);
  return { approved: types.includes('Approved'), denied: types.includes('Denied') };
}

/** Approved and not denied: the only state a signer acts on. */
export function isApproved(csr: CertificateSigningRequest): boolean {
  const { approved, denied } = approvalState(csr);
  return approved && !denied;
}

export function hasTrueCondition(csr: CertificateSigningRequest, type: string): boolean {
  return (csr.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

/** The issued certificate as PEM text ('' when none). */
export function issuedCertificate(csr: CertificateSigningRequest): string {
  return Buffer.from(csr.status?.certificate ?? '', 'base64').toString('latin1');
}
