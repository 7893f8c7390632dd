// A projected volume as Kubernetes' validation checks it: each source is one kind of projection,
// secrets and config maps are named, service account tokens last between ten minutes and 2^32
// seconds, trust bundles are chosen by name or by signer, and no two sources write the same
// path. Pod certificate sources get the checks their fields' rules imply.
import type { ClusterTrustBundleProjection, PodCertificateProjection, ProjectedVolumeSource, ServiceAccountTokenProjection } from '../../../../../api/core/v1/volume-types.ts';
import { forbidden, invalid, notSupported, RenderedValue, required, tooLong, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { isDNS1123Label, isDNS1123Subdomain, nameIsDNSSubdomain, DNS1123_SUBDOMAIN_MAX_LENGTH } from '../../../../../machinery/validation/names.ts';
import { validateLabelSelector } from '../validation/label-selector.ts';
import { validateDownwardAPIFile } from './downward-api.ts';
import { validateFileMode, validateLocalNonReservedPath } from './paths.ts';
import { validateKeyToPath } from './pod-sources.ts';

const KEY_TYPES = ['ECDSAP256', 'ECDSAP384', 'ECDSAP521', 'ED25519', 'RSA3072', 'RSA4096'];
const MIN_CERT_SECONDS = 3600;
const MAX_CERT_SECONDS = 91 * 24 * 3600;

/** ValidateSignerName: `<domain with two or more labels>/<path>`. */
export function validateSignerName(signer: string, path: string): FieldError[] {
  if (!signer) return [required(path)];
  const segments = signer.split('/');
  if (segments.length !== 2) return [invalid(path, signer, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const [domain, rest] = segments as [string, string];
  const errs: FieldError[] = [];
  if (domain.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(tooLong(path, DNS1123_SUBDOMAIN_MAX_LENGTH));
  const labels = domain.split('.');
  for (const label of labels) {
    const msgs = isDNS1123Label(label);
    if (msgs.length) {
      // One bad label is enough: the rest would repeat it.
      errs.push(...msgs.map((msg) => invalid(path, domain, `validating label "${label}": ${msg}`)));
      break;
    }
  }
  if (labels.length < 2) errs.push(invalid(path, domain, 'should be a domain with at least two segments separated by dots'));
  const maxPath = DNS1123_SUBDOMAIN_MAX_LENGTH - domain.length - 1;
  if (rest.length > maxPath) errs.push(tooLong(path, maxPath));
  for (const part of rest.split('.')) {
    const msgs = isDNS1123Subdomain(part);
    if (msgs.length) {
      errs.push(...msgs.map((msg) => invalid(path, rest, `validating segment "${part}": ${msg}`)));
      break;
    }
  }
  return errs;
}

function validateToken(token: ServiceAccountTokenProjection, sourcePath: string, volumePath: string): FieldError[] {
  const errs: FieldError[] = [];
  // Defaulting sets an hour; an object that skipped it is judged as defaulted.
  const seconds = token.expirationSeconds ?? 3600;
  if (seconds < 600) errs.push(invalid(`${sourcePath}.expirationSeconds`, seconds, 'may not specify a duration less than 10 minutes'));
  if (seconds > 2 ** 32) errs.push(invalid(`${sourcePath}.expirationSeconds`, seconds, 'may not specify a duration larger than 2^32 seconds'));
  // Kubernetes reports the token's path under the volume's path.
  if (!token.path) errs.push(required(`${volumePath}.path`));
  else errs.push(...validateLocalNonReservedPath(token.path, `${volumePath}.path`));
  return errs;
}

function validateTrustBundle(bundle: ClusterTrustBundleProjection, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const byName = bundle.name !== undefined && bundle.name !== null;
  const bySigner = bundle.signerName !== undefined && bundle.signerName !== null;
  if (byName && bySigner) errs.push(invalid(path, new RenderedValue('core.ClusterTrustBundleProjection{...}'), 'only one of name and signerName may be used'));
  else if (byName) {
    const name = bundle.name!;
    if (!name) errs.push(required(`${path}.name`, 'must be a valid object name'));
    // A bundle of a signer is named <signer with ':' for '/'>:<rest>; the parts are checked as names.
    for (const part of name ? name.split(':') : []) {
      errs.push(...nameIsDNSSubdomain(part, false).map((msg) => invalid(`${path}.name`, name, `not a valid clustertrustbundlename: ${msg}`)));
    }
    if (bundle.labelSelector) errs.push(invalid(`${path}.labelSelector`, new RenderedValue('&v1.LabelSelector{...}'), 'labelSelector must be unset if name is specified'));
  } else if (bySigner) {
    if (!bundle.signerName) errs.push(required(`${path}.signerName`, 'must be a valid signer name'));
    errs.push(...validateSignerName(bundle.signerName!, `${path}.signerName`), ...validateLabelSelector(bundle.labelSelector, `${path}.labelSelector`));
  } else {
    errs.push(required(path, 'either name or signerName must be specified'));
  }
  if (!bundle.path) errs.push(required(`${path}.path`));
  return [...errs, ...validateLocalNonReservedPath(bundle.path ?? '', `${path}.path`)];
}

function validatePodCertificate(cert: PodCertificateProjection, path: string): FieldError[] {
  const errs = validateSignerName(cert.signerName ?? '', `${path}.signerName`);
  if (!KEY_TYPES.includes(cert.keyType ?? '')) errs.push(notSupported(`${path}.keyType`, cert.keyType ?? '', KEY_TYPES));
  const max = cert.maxExpirationSeconds;
  if (max !== undefined && (max < MIN_CERT_SECONDS || max > MAX_CERT_SECONDS)) {
    errs.push(invalid(`${path}.maxExpirationSeconds`, max, `must be between ${MIN_CERT_SECONDS} and ${MAX_CERT_SECONDS}, inclusive`));
  }
  if (!cert.credentialBundlePath && !cert.keyPath && !cert.certificateChainPath) {
    errs.push(required(path, 'at least one of credentialBundlePath, keyPath, and certificateChainPath must be non-empty'));
  }
  if (!cert.keyPath !== !cert.certificateChainPath) errs.push(required(path, 'keyPath and certificateChainPath must be set together'));
  for (const key of ['credentialBundlePath', 'keyPath', 'certificateChainPath'] as const) {
    if (cert[key]) errs.push(...validateLocalNonReservedPath(cert[key]!, `${path}.${key}`));
  }
  return errs;
}

export function validateProjected(projected: ProjectedVolumeSource, path: string): FieldError[] {
  const errs = validateFileMode(projected.defaultMode, `${path}.defaultMode`);
  const seen = new Set<string>();
  // Each written path is checked for a clash right after its own checks, as Kubernetes does.
  const claim = (written: string, badValue: string) => {
    if (seen.has(written)) errs.push(invalid(path, badValue, 'conflicting duplicate paths'));
    seen.add(written);
  };
  (projected.sources ?? []).forEach((source, i) => {
    const at = `${path}.sources[${i}]`;
    let kinds = 0;
    for (const [key, ref] of [['secret', source.secret], ['configMap', source.configMap]] as const) {
      if (!ref) continue;
      kinds++;
      if (!ref.name) errs.push(required(`${at}.${key}.name`));
      (ref.items ?? []).forEach((item, j) => {
        errs.push(...validateKeyToPath(item, `${at}.${key}.items[${j}]`));
        if (item.path) claim(item.path, ref.name ?? '');
      });
    }
    if (source.downwardAPI) {
      kinds++;
      for (const file of source.downwardAPI.items ?? []) {
        errs.push(...validateDownwardAPIFile(file, `${at}.downwardAPI`));
        if (file.path) claim(file.path, file.path);
      }
    }
    if (source.serviceAccountToken) {
      kinds++;
      errs.push(...validateToken(source.serviceAccountToken, `${at}.serviceAccountToken`, path));
    }
    if (source.clusterTrustBundle) {
      kinds++;
      errs.push(...validateTrustBundle(source.clusterTrustBundle, `${at}.clusterTrustBundle`));
      claim(source.clusterTrustBundle.path ?? '', source.clusterTrustBundle.path ?? '');
    }
    if (source.podCertificate) {
      kinds++;
      const cert = source.podCertificate;
      errs.push(...validatePodCertificate(cert, `${at}.podCertificate`));
      for (const p of [cert.credentialBundlePath, cert.keyPath, cert.certificateChainPath]) if (p) claim(p, p);
    }
    if (kinds > 1) errs.push(forbidden(at, 'may not specify more than 1 volume type per source'));
  });
  return errs;
}
