// The certificates and keys of a local control plane: a CA kept in the data directory, a serving
// certificate for the loopback names signed by it, and the service account token signing key.
// Made once; the serving certificate is re-issued from the same CA when it nears expiry, so
// orchconfig files stay valid.
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ECDSA_P256, generateKeyPair, importPrivateKey, privateKeyPem, publicKeyPem } from '../component-base/certs/keys.ts';

export interface PkiFiles {
  caCertFile: string;
  caKeyFile: string;
  servingCertFile: string;
  servingKeyFile: string;
  /** Signs service account tokens (--service-account-signing-key-file). */
  serviceAccountKeyFile: string;
  /** Its public half, which verifies them (--service-account-key-file). */
  serviceAccountPublicKeyFile: string;
}

export interface Pki {
  files: PkiFiles;
  caPem: string;
  /** True when this call wrote a new CA. */
  createdCa: boolean;
  /** True when this call wrote a new serving certificate. */
  issuedServing: boolean;
}

const DAY = 24 * 3600_000;
const CA_LIFETIME = 10 * 365 * DAY;
const SERVING_LIFETIME = 365 * DAY;
/** Re-issue the serving certificate when less than this remains. */
const RENEW_BEFORE = 30 * DAY;
const SERVING_NAMES = ['localhost', '127.0.0.1', '::1'];

export function pkiFiles(pkiDir: string): PkiFiles {
  return {
    caCertFile: join(pkiDir, 'ca.crt'),
    caKeyFile: join(pkiDir, 'ca.key'),
    servingCertFile: join(pkiDir, 'apiserver.crt'),
    servingKeyFile: join(pkiDir, 'apiserver.key'),
    serviceAccountKeyFile: join(pkiDir, 'sa.key'),
    serviceAccountPublicKeyFile: join(pkiDir, 'sa.pub'),
  };
}

/** Creates what is missing under `pkiDir` and returns the CA to trust. */
export async function ensurePki(pkiDir: string, now: Date = new Date()): Promise<Pki> {
  mkdirSync(pkiDir, { recursive: true, mode: 0o700 });
  const files = pkiFiles(pkiDir);

  let createdCa = false;
  if (!existsSync(files.caCertFile) || !existsSync(files.caKeyFile)) {
    await writeCa(files, now);
    createdCa = true;
  }
  const caPem = readFileSync(files.caCertFile, 'utf8');
  const ca = new X509Certificate(caPem);

  let issuedServing = false;
  if (createdCa || !servingCertUsable(files, ca, now)) {
    await writeServing(files, caPem, now);
    issuedServing = true;
  }
  // Tokens already handed out stay valid only while this key is kept: never replace it.
  if (!existsSync(files.serviceAccountKeyFile) || !existsSync(files.serviceAccountPublicKeyFile)) await writeServiceAccountKey(files);
  return { files, caPem, createdCa, issuedServing };
}

function servingCertUsable(files: PkiFiles, ca: X509Certificate, now: Date): boolean {
  if (!existsSync(files.servingCertFile) || !existsSync(files.servingKeyFile)) return false;
  try {
    const cert = new X509Certificate(readFileSync(files.servingCertFile, 'utf8'));
    return cert.checkIssued(ca) && cert.verify(ca.publicKey) && cert.validToDate.getTime() - now.getTime() > RENEW_BEFORE;
  } catch {
    return false;
  }
}

// The X.509 library is loaded only when something has to be made: a restart with everything in
// place does not pay for it.
async function writeCa(files: PkiFiles, now: Date): Promise<void> {
  const { createCA } = await import('../component-base/certs/issue.ts');
  const ca = await createCA({ commonName: `orch-ca@${Math.floor(now.getTime() / 1000)}`, lifetimeMs: CA_LIFETIME, now, algorithm: ECDSA_P256 });
  writeFileSync(files.caKeyFile, ca.keyPem, { mode: 0o600 });
  writeFileSync(files.caCertFile, ca.certPem);
}

async function writeServing(files: PkiFiles, caPem: string, now: Date): Promise<void> {
  const { issueServingCert } = await import('../component-base/certs/issue.ts');
  const caKey = await importPrivateKey(readFileSync(files.caKeyFile, 'utf8'), ECDSA_P256);
  const serving = await issueServingCert({ ca: caPem, caKey, commonName: 'orch-apiserver', names: SERVING_NAMES, lifetimeMs: SERVING_LIFETIME, now, algorithm: ECDSA_P256 });
  writeFileSync(files.servingKeyFile, serving.keyPem, { mode: 0o600 });
  writeFileSync(files.servingCertFile, serving.certPem);
}

async function writeServiceAccountKey(files: PkiFiles): Promise<void> {
  const keys = await generateKeyPair(ECDSA_P256);
  writeFileSync(files.serviceAccountKeyFile, await privateKeyPem(keys.privateKey), { mode: 0o600 });
  writeFileSync(files.serviceAccountPublicKeyFile, await publicKeyPem(keys.publicKey));
}
