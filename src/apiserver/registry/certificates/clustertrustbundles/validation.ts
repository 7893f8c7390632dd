// ClusterTrustBundle validation as Kubernetes' ValidateClusterTrustBundle: a bundle with a signer
// is named with the signer as prefix (slashes as colons) and one without has no colon; the signer
// name is valid; the anchors are at most 1 MiB of PEM CERTIFICATE blocks without headers, each
// a CA certificate, at least one, none repeated. An update that leaves the anchors alone does not
// parse them again; the signer name never changes.
import type { ClusterTrustBundle } from '../../../../api/certificates/v1beta1/types.ts';
import { parseCertificateDer, pemBlocks, type PemBlock } from '../../../../component-base/certs/pem-blocks.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { invalid, tooLong, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { validateImmutableField } from '../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain, type NameValidator } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validateSignerName } from '../signer-name.ts';

const MAX_TRUST_BUNDLE_SIZE = 1024 * 1024;
const OMITTED = '<value omitted>';

function bundleName(signerName: string | undefined): NameValidator {
  return (name, prefix) => {
    if (!signerName) return name.includes(':') ? ['ClusterTrustBundle without signer name must not have ":" in its name'] : nameIsDNSSubdomain(name, prefix);
    const required = `${signerName.replaceAll('/', ':')}:`;
    if (!name.startsWith(required)) return [`ClusterTrustBundle for signerName ${signerName} must be named with prefix ${required}`];
    return nameIsDNSSubdomain(name.slice(required.length), prefix);
  };
}

/** Why a block is no trust anchor, or undefined when it is one. */
function blockProblem(block: PemBlock): string | undefined {
  if (block.type !== 'CERTIFICATE') return `has bad block type: ${block.type}`;
  if (block.headers) return 'has PEM block headers';
  const cert = parseCertificateDer(block.der);
  if (!cert) return 'does not parse as X.509';
  return cert.ca ? undefined : 'does not have the CA bit set';
}

function validateTrustBundle(text: string, path: string): FieldError[] {
  if (text.length > MAX_TRUST_BUNDLE_SIZE) return [tooLong(path, MAX_TRUST_BUNDLE_SIZE)];
  const errs: FieldError[] = [];
  const seen = new Map<string, number[]>();
  pemBlocks(text).forEach((block, i) => {
    const problem = blockProblem(block);
    if (problem) errs.push(invalid(path, OMITTED, `entry ${i} ${problem}`));
    else {
      const key = block.der.toString('base64');
      seen.set(key, [...(seen.get(key) ?? []), i]);
    }
  });
  // A malformed block says enough: no duplicate or emptiness errors on top of it.
  if (errs.length) return errs;
  if (!seen.size) errs.push(invalid(path, OMITTED, 'at least one trust anchor must be provided'));
  for (const indices of seen.values()) if (indices.length > 1) errs.push(invalid(path, OMITTED, `duplicate trust anchor (indices [${indices.join(' ')}])`));
  return errs;
}

function validate(bundle: ClusterTrustBundle, parseBundle: boolean): FieldError[] {
  const signer = bundle.spec?.signerName;
  const errs = validateObjectMeta(bundle.metadata, false, bundleName(signer));
  if (signer) errs.push(...validateSignerName(signer, 'spec.signerName'));
  if (parseBundle) errs.push(...validateTrustBundle(bundle.spec?.trustBundle ?? '', 'spec.trustBundle'));
  return errs;
}

export function validateClusterTrustBundle(bundle: ClusterTrustBundle): StatusCause[] {
  return toStatusCauses(validate(bundle, true));
}

export function validateClusterTrustBundleUpdate(bundle: ClusterTrustBundle, old: ClusterTrustBundle): StatusCause[] {
  return toStatusCauses([
    ...validate(bundle, bundle.spec?.trustBundle !== old.spec?.trustBundle),
    ...validateObjectMetaUpdate(bundle.metadata, old.metadata),
    ...validateImmutableField(bundle.spec?.signerName ?? '', old.spec?.signerName ?? '', 'spec.signerName'),
  ]);
}
