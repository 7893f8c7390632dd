// Verifies a client certificate chain against a CA bundle as Go's x509.Verify does for
// Kubernetes: a path from the leaf through sent intermediates to a trusted root, every certificate
// within its validity dates, and extended key usages that allow client authentication.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const ANY_USAGE = '2.5.29.37.0';
const MAX_DEPTH = 10;

export interface VerifiedChain {
  path: X509Certificate[];
  /** Earliest notAfter on the path (ms): the verdict holds until then. */
  validUntil: number;
}

export class CertificateVerifyError extends Error {}

/** Every certificate in a PEM bundle; an empty or broken bundle is an error naming the source. */
export function parseCertBundle(pem: string, source: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error(`${source}: no certificates found`);
  return blocks.map((block, i) => {
    try {
      return new X509Certificate(block);
    } catch (err) {
      throw new Error(`${source}: certificate ${i + 1}: ${(err as Error).message}`);
    }
  });
}

export function loadCertBundle(file: string, flag: string): { pem: string; certs: X509Certificate[] } {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${flag} ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return { pem, certs: parseCertBundle(pem, `${flag} ${file}`) };
}

function checkValidity(cert: X509Certificate, now: number): void {
  const from = Date.parse(cert.validFrom);
  const to = Date.parse(cert.validTo);
  if (now < from || now > to) {
    throw new CertificateVerifyError(
      `x509: certificate has expired or is not yet valid: current time ${new Date(now).toISOString()} is ${now > to ? `after ${new Date(to).toISOString()}` : `before ${new Date(from).toISOString()}`}`,
    );
  }
}

function allowsClientAuth(cert: X509Certificate): boolean {
  const usages = cert.keyUsage; // extended key usage OIDs; undefined means unrestricted
  return !usages || usages.length === 0 || usages.includes(CLIENT_AUTH) || usages.includes(ANY_USAGE);
}

function issues(issuer: X509Certificate, cert: X509Certificate): boolean {
  return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
}

/** Throws CertificateVerifyError with Go's wording when the chain does not verify. */
export function verifyClientChain(certs: X509Certificate[], roots: X509Certificate[], now = Date.now()): VerifiedChain {
  const [leaf, ...intermediates] = certs;
  if (!leaf) throw new CertificateVerifyError('x509: no client certificate');
  const path: X509Certificate[] = [leaf];
  let current = leaf;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    checkValidity(current, now);
    const root = roots.find((r) => issues(r, current));
    if (root) {
      if (root !== current) path.push(root);
      checkValidity(root, now);
      if (!path.every(allowsClientAuth)) throw new CertificateVerifyError('x509: certificate specifies an incompatible key usage');
      return { path, validUntil: Math.min(...path.map((c) => Date.parse(c.validTo))) };
    }
    const next = intermediates.find((i) => !path.includes(i) && i.ca && issues(i, current));
    if (!next) break;
    path.push(next);
    current = next;
  }
  throw new CertificateVerifyError('x509: certificate signed by unknown authority');
}
