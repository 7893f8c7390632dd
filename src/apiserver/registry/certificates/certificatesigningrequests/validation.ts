// CertificateSigningRequest validation as Kubernetes' validateCertificateSigningRequest and its
// update forms: a request that parses and whose signature verifies, known usages without
// repeats, a signer name (not the legacy one for new requests), at least 600 seconds asked,
// conditions with a type, a status (True only for Approved, Denied and Failed), Approved and
// Denied never together, no type twice, and an issued certificate of CERTIFICATE blocks. On
// update Approved, Denied and Failed conditions are never removed; only /approval adds or
// changes Approved and Denied, only /status sets the certificate, which is then fixed. What an
// older object already holds that is no longer accepted is tolerated on its updates.
import type { CertificateSigningRequest, CertificateSigningRequestCondition } from '../../../../api/certificates/v1/types.ts';
import { LEGACY_UNKNOWN_SIGNER } from '../../../../api/certificates/v1/types.ts';
import { parseCsr } from '../../../../component-base/certs/csr.ts';
import { certificateChainError } from '../../../../component-base/certs/pem-blocks.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { duplicate, forbidden, invalid, notSupported, required, RenderedValue, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateSignerName } from '../signer-name.ts';

export const KEY_USAGES: readonly string[] = [
  'any', 'cert sign', 'client auth', 'code signing', 'content commitment', 'crl sign', 'data encipherment', 'decipher only',
  'digital signature', 'email protection', 'encipher only', 'ipsec end system', 'ipsec tunnel', 'ipsec user', 'key agreement',
  'key encipherment', 'microsoft sgc', 'netscape sgc', 'ocsp signing', 's/mime', 'server auth', 'signing', 'timestamping',
];
const TRUE_ONLY = new Set(['Approved', 'Denied', 'Failed']);
const STATUS_VALUES = ['False', 'True', 'Unknown'];

interface Options {
  settingApprovalConditions?: boolean;
  settingCertificate?: boolean;
  bothApprovedAndDenied?: boolean;
  legacySignerName?: boolean;
  duplicateConditionTypes?: boolean;
  emptyConditionType?: boolean;
  arbitraryCertificate?: boolean;
  unknownUsages?: boolean;
  duplicateUsages?: boolean;
}

/** Go's %#v of a []byte, as a field error shows the request. */
function goBytes(base64: string): RenderedValue {
  const bytes = [...Buffer.from(base64, 'base64')];
  return new RenderedValue(`[]byte{${bytes.map((b) => `0x${b.toString(16)}`).join(', ')}}`);
}

const pemText = (base64: string | undefined) => Buffer.from(base64 ?? '', 'base64').toString('latin1');
const conditions = (csr: CertificateSigningRequest) => csr.status?.conditions ?? [];
const ofType = (csr: CertificateSigningRequest, type: string) => conditions(csr).filter((c) => c.type === type);

function validateConditions(list: CertificateSigningRequestCondition[], opts: Options): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  list.forEach((c, i) => {
    const at = `status.conditions[${i}]`;
    if (!opts.emptyConditionType && !c.type) errs.push(required(`${at}.type`));
    const allowed = TRUE_ONLY.has(c.type) ? ['True'] : STATUS_VALUES;
    if (!c.status) errs.push(required(`${at}.status`));
    else if (!allowed.includes(c.status)) errs.push(notSupported(`${at}.status`, c.status, allowed));
    if (!opts.bothApprovedAndDenied) {
      if (c.type === 'Approved') {
        approved = true;
        if (denied) errs.push(invalid('status.conditions', c.type, 'Approved and Denied conditions are mutually exclusive'));
      } else if (c.type === 'Denied') {
        denied = true;
        if (approved) errs.push(invalid('status.conditions', c.type, 'Approved and Denied conditions are mutually exclusive'));
      }
    }
    if (!opts.duplicateConditionTypes) {
      if (seen.has(c.type)) errs.push(duplicate(`${at}.type`, c.type));
      seen.add(c.type);
    }
  });
  return errs;
}

function validate(csr: CertificateSigningRequest, opts: Options): FieldError[] {
  const errs = validateObjectMeta(csr.metadata, false, () => []);
  const spec = csr.spec ?? ({} as CertificateSigningRequest['spec']);
  try {
    parseCsr(pemText(spec.request));
  } catch (err) {
    errs.push(invalid('spec.request', goBytes(spec.request ?? ''), (err as Error).message));
  }
  const usages = spec.usages ?? [];
  if (!usages.length) errs.push(required('spec.usages'));
  if (!opts.unknownUsages) usages.forEach((u, i) => KEY_USAGES.includes(u) || errs.push(notSupported(`spec.usages[${i}]`, u, KEY_USAGES)));
  if (!opts.duplicateUsages) usages.forEach((u, i) => usages.indexOf(u) !== i && errs.push(duplicate(`spec.usages[${i}]`, u)));
  if (!opts.legacySignerName && spec.signerName === LEGACY_UNKNOWN_SIGNER) errs.push(invalid('spec.signerName', spec.signerName, 'the legacy signerName is not allowed via this API version'));
  else errs.push(...validateSignerName(spec.signerName, 'spec.signerName'));
  if (spec.expirationSeconds !== undefined && spec.expirationSeconds !== null && spec.expirationSeconds < 600) {
    errs.push(invalid('spec.expirationSeconds', spec.expirationSeconds, 'may not specify a duration less than 600 seconds (10 minutes)'));
  }
  errs.push(...validateConditions(conditions(csr), opts));
  if (!opts.arbitraryCertificate) {
    const problem = certificateChainError(pemText(csr.status?.certificate));
    if (problem) errs.push(invalid('status.certificate', '<certificate data>', problem));
  }
  return errs;
}

function hasDuplicates(values: readonly string[]): boolean {
  return new Set(values).size !== values.length;
}

/** What an update tolerates because the stored object already has it. */
function compatibility(csr: CertificateSigningRequest, old: CertificateSigningRequest): Options {
  const types = conditions(old).map((c) => c.type);
  const usages = old.spec?.usages ?? [];
  return {
    bothApprovedAndDenied: types.includes('Approved') && types.includes('Denied'),
    legacySignerName: old.spec?.signerName === LEGACY_UNKNOWN_SIGNER,
    duplicateConditionTypes: hasDuplicates(types),
    emptyConditionType: types.includes(''),
    arbitraryCertificate: (csr.status?.certificate ?? '') === (old.status?.certificate ?? '') || !!certificateChainError(pemText(old.status?.certificate)),
    unknownUsages: usages.some((u) => !KEY_USAGES.includes(u)),
    duplicateUsages: hasDuplicates(usages),
  };
}

function validateUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest, opts: Options): FieldError[] {
  const errs = validate(csr, opts);
  for (const type of ['Approved', 'Denied', 'Failed']) {
    if (ofType(csr, type).length < ofType(old, type).length) errs.push(forbidden('status.conditions', `updates may not remove a condition of type ${JSON.stringify(type)}`));
  }
  if (!opts.settingApprovalConditions) {
    for (const type of ['Approved', 'Denied']) {
      const before = ofType(old, type);
      const after = ofType(csr, type);
      if (after.length > before.length) errs.push(forbidden('status.conditions', `updates may not add a condition of type ${JSON.stringify(type)}`));
      else if (after.length === before.length && !deepEqual(after, before)) errs.push(forbidden('status.conditions', `updates may not modify a condition of type ${JSON.stringify(type)}`));
    }
  }
  if ((csr.status?.certificate ?? '') !== (old.status?.certificate ?? '')) {
    if (!opts.settingCertificate) errs.push(forbidden('status.certificate', 'updates may not set certificate content'));
    else if (old.status?.certificate) errs.push(forbidden('status.certificate', 'updates may not modify existing certificate content'));
  }
  return [...errs, ...validateObjectMetaUpdate(csr.metadata, old.metadata)];
}

export function validateCertificateSigningRequest(csr: CertificateSigningRequest): StatusCause[] {
  return toStatusCauses(validate(csr, {}));
}

export function validateCertificateSigningRequestUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest): StatusCause[] {
  return toStatusCauses(validateUpdate(csr, old, compatibility(csr, old)));
}

export function validateCertificateSigningRequestStatusUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest): StatusCause[] {
  return toStatusCauses(validateUpdate(csr, old, { ...compatibility(csr, old), settingCertificate: true }));
}

export function validateCertificateSigningRequestApprovalUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest): StatusCause[] {
  return toStatusCauses(validateUpdate(csr, old, { ...compatibility(csr, old), settingApprovalConditions: true }));
}
