// PodCertificateRequest validation as Kubernetes 1.35's: on create a namespaced DNS-subdomain
// name, a valid signer, domain-prefixed user annotations, valid pod, service account and node
// names with their uids (non-empty, at most 128), maxExpirationSeconds within [3600, 86400] for
// orch.io signers and [3600, 7862400] for others, and a key and proof of possession that check
// out. The spec never changes. Through /status: at most one of Issued, Denied or Failed, each
// True, and no other types; once one is set nothing changes; Denied and Failed carry nothing but
// conditions; Issued needs a chain whose leaf is for the requested key, with notBefore and
// notAfter equal to the leaf's (notBefore within five minutes of now), a lifetime from one hour
// to maxExpirationSeconds and beginRefreshAt at least ten minutes inside both ends. Without one
// of them, the status does not change.
import { X509Certificate } from 'node:crypto';
import { PCR_DENIED, PCR_FAILED, PCR_ISSUED, type PodCertificateRequest, type PodCertificateRequestStatus } from '../../../../api/certificates/v1beta1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { validateMetaConditions } from '../../../../machinery/validation/conditions.ts';
import { OMIT_VALUE, RenderedValue, invalid, notSupported, required, toStatusCauses, tooLong, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual, validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateAnnotations, validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { pemBlocks } from '../../../../component-base/certs/pem-blocks.ts';
import { validateSignerName } from '../signer-name.ts';
import { checkPublicKey, proofVerifies, sameKey } from './keys.ts';

export const MIN_MAX_EXPIRATION_SECONDS = 3600;
export const ORCH_MAX_MAX_EXPIRATION_SECONDS = 86400;
export const MAX_MAX_EXPIRATION_SECONDS = 7862400;
const MAX_PKIX_PUBLIC_KEY_SIZE = 10 * 1024;
const MAX_PROOF_OF_POSSESSION_SIZE = 10 * 1024;
const MAX_CERTIFICATE_CHAIN_SIZE = 100 * 1024;
const MAX_UID_LENGTH = 128;
const TERMINAL = [PCR_ISSUED, PCR_DENIED, PCR_FAILED];

/** Signers under orch.io belong to orch (Kubernetes' kubernetes.io/ signers). */
export const isOrchSignerName = (signer: string) => signer.startsWith('orch.io/');

/** A []byte as Go's %#v prints it in a message. */
function goBytes(bytes: Buffer): RenderedValue {
  return new RenderedValue(`[]byte{${[...bytes].map((b) => `0x${b.toString(16)}`).join(', ')}}`);
}

function validateNamed(name: string, uid: string, field: string): FieldError[] {
  const errs = nameIsDNSSubdomain(name, false).map((msg) => invalid(`spec.${field}Name`, name, msg));
  if (!uid) errs.push(invalid(`spec.${field}UID`, uid, 'must not be empty'));
  if (uid.length > MAX_UID_LENGTH) errs.push(tooLong(`spec.${field}UID`, MAX_UID_LENGTH));
  return errs;
}

/** Annotation keys and sizes, each key with a domain prefix. */
function validateUserAnnotations(annotations: Record<string, string>, path: string): FieldError[] {
  const errs = validateAnnotations(annotations, path);
  for (const key of Object.keys(annotations).sort()) {
    if (!key.includes('/')) errs.push(invalid(`${path}[${key}]`, key, 'must be a domain-prefixed key (such as "acme.io/foo")'));
  }
  return errs;
}

function validateKey(pcr: PodCertificateRequest): FieldError[] {
  const spec = pcr.spec;
  const der = Buffer.from(spec.pkixPublicKey ?? '', 'base64');
  const proof = Buffer.from(spec.proofOfPossession ?? '', 'base64');
  if (der.length > MAX_PKIX_PUBLIC_KEY_SIZE) return [tooLong('spec.pkixPublicKey', MAX_PKIX_PUBLIC_KEY_SIZE)];
  if (proof.length > MAX_PROOF_OF_POSSESSION_SIZE) return [tooLong('spec.proofOfPossession', MAX_PROOF_OF_POSSESSION_SIZE)];
  const checked = checkPublicKey(der);
  if (!checked.ok) {
    switch (checked.problem) {
      case 'unparsable':
        return [invalid('spec.pkixPublicKey', goBytes(der), 'must be a valid PKIX-serialized public key')];
      case 'unknown-type':
        return [invalid('spec.pkixPublicKey', goBytes(der), 'unknown public key type; supported types are Ed25519, ECDSA, and RSA')];
      case 'bad-curve':
        return [invalid('spec.pkixPublicKey', `curve ${checked.curve}`, 'elliptic public keys must use curve P256 or P384')];
      case 'bad-modulus':
        return [invalid('spec.pkixPublicKey', `${checked.bits}-bit modulus`, 'RSA keys must have modulus size 3072 or 4096')];
    }
  }
  if (!proofVerifies(checked.key, spec.podUID ?? '', proof)) return [invalid('spec.proofOfPossession', OMIT_VALUE, 'could not verify proof-of-possession signature')];
  return [];
}

export function validatePodCertificateRequest(pcr: PodCertificateRequest): StatusCause[] {
  const spec = pcr.spec ?? ({} as PodCertificateRequest['spec']);
  const errs = validateObjectMeta(pcr.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateSignerName(spec.signerName, 'spec.signerName'));
  if (spec.unverifiedUserAnnotations) errs.push(...validateUserAnnotations(spec.unverifiedUserAnnotations, 'spec.unverifiedUserAnnotations'));
  errs.push(...validateNamed(spec.podName ?? '', spec.podUID ?? '', 'pod'));
  errs.push(...validateNamed(spec.serviceAccountName ?? '', spec.serviceAccountUID ?? '', 'serviceAccount'));
  errs.push(...validateNamed(spec.nodeName ?? '', spec.nodeUID ?? '', 'node'));
  const max = spec.maxExpirationSeconds;
  if (max === undefined) return toStatusCauses([...errs, required('spec.maxExpirationSeconds', 'must be set')]);
  const upper = isOrchSignerName(spec.signerName ?? '') ? ORCH_MAX_MAX_EXPIRATION_SECONDS : MAX_MAX_EXPIRATION_SECONDS;
  if (max < MIN_MAX_EXPIRATION_SECONDS || max > upper) errs.push(invalid('spec.maxExpirationSeconds', max, `must be in the range [${MIN_MAX_EXPIRATION_SECONDS}, ${upper}]`));
  errs.push(...validateKey(pcr));
  return toStatusCauses(errs);
}

export function validatePodCertificateRequestUpdate(pcr: PodCertificateRequest, old: PodCertificateRequest): StatusCause[] {
  return toStatusCauses([...validateObjectMetaUpdate(pcr.metadata, old.metadata), ...validateImmutableField(pcr.spec, old.spec, 'spec')]);
}

const isTrue = (pcr: PodCertificateRequest, type: string) => (pcr.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
const terminal = (pcr: PodCertificateRequest) => TERMINAL.some((type) => isTrue(pcr, type));

/** Status values compared as Kubernetes' semantic equality compares them (unset and empty alike). */
function comparable(status: PodCertificateRequestStatus | undefined): object {
  const s = status ?? {};
  return { conditions: s.conditions?.length ? s.conditions : [], certificateChain: s.certificateChain ?? '', notBefore: s.notBefore, beginRefreshAt: s.beginRefreshAt, notAfter: s.notAfter };
}

function unchanged(a: PodCertificateRequestStatus | undefined, b: PodCertificateRequestStatus | undefined, detail: string): FieldError[] {
  return deepEqual(comparable(a), comparable(b)) ? [] : [invalid('status', OMIT_VALUE, detail)];
}

function validateConditionTypes(pcr: PodCertificateRequest): FieldError[] {
  const errs: FieldError[] = [];
  let known = 0;
  (pcr.status?.conditions ?? []).forEach((c, i) => {
    const at = `status.conditions[${i}]`;
    if (!TERMINAL.includes(c.type)) {
      errs.push(notSupported(`${at}.type`, c.type, TERMINAL));
      return;
    }
    if (++known > 1) errs.push(invalid(`${at}.type`, c.type, 'There may be at most one condition with type "Issued", "Denied", or "Failed"'));
    if (c.status !== 'True') errs.push(notSupported(`${at}.status`, c.status, ['True']));
  });
  return errs;
}

const timeOf = (t: string) => new Date(t).getTime();
/** A time as Go's %v prints a time.Time in UTC. */
const goTime = (t: string) => new RenderedValue(new Date(t).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' +0000 UTC'));

function validateIssued(pcr: PodCertificateRequest, old: PodCertificateRequest, now: Date): FieldError[] {
  const status = pcr.status ?? {};
  const chain = status.certificateChain ?? '';
  const path = 'status.certificateChain';
  if (Buffer.byteLength(chain) > MAX_CERTIFICATE_CHAIN_SIZE) return [tooLong(path, MAX_CERTIFICATE_CHAIN_SIZE)];
  const [leafBlock, ...rest] = pemBlocks(chain);
  if (!leafBlock) return [invalid(path, chain, 'issued certificate chain must contain at least one certificate')];
  if (leafBlock.type !== 'CERTIFICATE') return [invalid(path, chain, 'issued certificate chain must consist entirely of CERTIFICATE PEM blocks')];
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(leafBlock.der);
  } catch {
    return [invalid(path, chain, 'leaf certificate does not parse as valid X.509')];
  }
  const errs: FieldError[] = [];
  for (const name of (leaf.subjectAltName ?? '').split(', ').filter((n) => n.startsWith('DNS:')).map((n) => n.slice(4))) {
    if (!name) errs.push(invalid(path, name, 'leaf certificate should not contain empty DNSName'));
    if (name.includes('..')) errs.push(invalid(path, name, "leaf certificate's DNSName should not contain '..'"));
    if (name.startsWith('.') || name.endsWith('.')) errs.push(invalid(path, name, "leaf certificate's DNSName should not start or end with '.'"));
  }
  const wanted = checkPublicKey(Buffer.from(old.spec?.pkixPublicKey ?? '', 'base64'));
  if (!wanted.ok) return [...errs, invalid('spec.pkixPublicKey', goBytes(Buffer.from(old.spec?.pkixPublicKey ?? '', 'base64')), 'must be a valid PKIX-serialized public key')];
  if (!sameKey(wanted.key, leaf.publicKey)) return [...errs, invalid(path, chain, 'leaf certificate was not issued to the requested public key')];
  if (!status.notBefore) errs.push(required('status.notBefore', 'must be present and consistent with the issued certificate'));
  if (!status.notAfter) errs.push(required('status.notAfter', 'must be present and consistent with the issued certificate'));
  if (!status.beginRefreshAt) errs.push(required('status.beginRefreshAt', 'must be present and in the range [notbefore+10min, notafter-10min]'));
  if (errs.length) return errs;
  const notBefore = timeOf(status.notBefore!);
  const notAfter = timeOf(status.notAfter!);
  const refresh = timeOf(status.beginRefreshAt!);
  if (notBefore !== leaf.validFromDate.getTime()) return [invalid('status.notBefore', goTime(status.notBefore!), 'must be set to the NotBefore time encoded in the leaf certificate')];
  if (Math.abs(notBefore - now.getTime()) >= 5 * 60_000) return [invalid('status.notBefore', goTime(status.notBefore!), "must be set to within 5 minutes of kube-apiserver's current time")];
  if (notAfter !== leaf.validToDate.getTime()) return [invalid('status.notAfter', goTime(status.notAfter!), 'must be set to the NotAfter time encoded in the leaf certificate')];
  const lifetimeMs = leaf.validToDate.getTime() - leaf.validFromDate.getTime();
  const lifetime = new RenderedValue(goDuration(lifetimeMs));
  if (lifetimeMs < 3600_000) return [invalid(path, lifetime, 'leaf certificate lifetime must be >= 1 hour')];
  const max = pcr.spec?.maxExpirationSeconds ?? 0;
  if (lifetimeMs > max * 1000) return [invalid(path, lifetime, `leaf certificate lifetime must be <= spec.maxExpirationSeconds (${max})`)];
  if (refresh < notBefore + 10 * 60_000) return [invalid('status.beginRefreshAt', goTime(status.beginRefreshAt!), 'must be at least 10 minutes after status.notBefore')];
  if (refresh > notAfter - 10 * 60_000) return [invalid('status.beginRefreshAt', goTime(status.beginRefreshAt!), 'must be at least 10 minutes before status.notAfter')];
  for (const block of rest) {
    if (block.type !== 'CERTIFICATE') return [invalid(path, chain, 'issued certificate chain must consist entirely of CERTFICATE PEM blocks')];
    try {
      new X509Certificate(block.der);
    } catch {
      return [invalid(path, chain, 'intermediate certificate does not parse as valid X.509')];
    }
  }
  return [];
}

/** A duration as Go's time.Duration prints it (whole seconds here: certificate times have no fractions). */
function goDuration(ms: number): string {
  let s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  if (h) return `${h}h${m}m${s}s`;
  if (m) return `${m}m${s}s`;
  return `${s}s`;
}

export function validatePodCertificateRequestStatusUpdate(pcr: PodCertificateRequest, old: PodCertificateRequest, now = new Date()): StatusCause[] {
  const meta = validateObjectMetaUpdate(pcr.metadata, old.metadata);
  if (meta.length) return toStatusCauses(meta);
  const conditionErrs = [...validateConditionTypes(pcr), ...validateMetaConditions(pcr.status?.conditions, 'status.conditions')];
  if (conditionErrs.length) return toStatusCauses(conditionErrs);
  if (terminal(old)) return toStatusCauses(unchanged(pcr.status, old.status, 'immutable after PodCertificateRequest is issued, denied, or failed'));
  if (isTrue(pcr, PCR_DENIED) || isTrue(pcr, PCR_FAILED)) {
    return toStatusCauses(unchanged(pcr.status, { conditions: pcr.status?.conditions }, 'non-condition status fields must be empty when denying or failing the PodCertificateRequest'));
  }
  if (isTrue(pcr, PCR_ISSUED)) return toStatusCauses(validateIssued(pcr, old, now));
  return toStatusCauses(unchanged(pcr.status, old.status, 'status is immutable unless transitioning to "Issued", "Denied", or "Failed"'));
}
