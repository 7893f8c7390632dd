// The certificates and keys of a local control plane: a CA kept in the data directory, a serving
// certificate for the loopback names signed by it, and the service account token signing key.
// Made once; the serving certificate is re-issued from the same CA when it nears expiry, so
// orchconfig files stay valid.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 24 * 3600_000;
const CA_LIFETIME = 10 * 365 * DAY;
const SERVING_LIFETIME = 365 * DAY;
/** Re-issue the serving certificate when less than this remains. */
const RENEW_BEFORE = 30 * DAY;
const SERVING_DNS = ['localhost'];
const SERVING_IPS = ['127.0.0.1', '::1'];

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
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  mkdirSync(pkiDir, { recursive: true, mode: 0o700 });
  const files = pkiFiles(pkiDir);

  let createdCa = false;
  if (!existsSync(files.caCertFile) || !existsSync(files.caKeyFile)) {
    await writeCa(files, now);
    createdCa = true;
  }
  const caPem = readFileSync(files.caCertFile, 'utf8');
  const ca = new x509.X509Certificate(caPem);

  let issuedServing = false;
  if (createdCa || !servingCertUsable(files, ca, now)) {
    await writeServing(files, ca, now);
    issuedServing = true;
  }
  // Tokens already handed out stay valid only while this key is kept: never replace it.
  if (!existsSync(files.serviceAccountKeyFile) || !existsSync(files.serviceAccountPublicKeyFile)) await writeServiceAccountKey(files);
  return { files, caPem, createdCa, issuedServing };
}

function servingCertUsable(files: PkiFiles, ca: x509.X509Certificate, now: Date): boolean {
  if (!existsSync(files.servingCertFile) || !existsSync(files.servingKeyFile)) return false;
  try {
    const cert = new x509.X509Certificate(readFileSync(files.servingCertFile, 'utf8'));
    return cert.issuer === ca.subject && cert.notAfter.getTime() - now.getTime() > RENEW_BEFORE;
  } catch {
    return false;
  }
}

async function generateKeys(): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}

async function writeCa(files: PkiFiles, now: Date): Promise<void> {
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=orch-ca@${Math.floor(now.getTime() / 1000)}`,
    keys,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + CA_LIFETIME),
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  writeFileSync(files.caKeyFile, await privateKeyPem(keys.privateKey), { mode: 0o600 });
  writeFileSync(files.caCertFile, cert.toString('pem') + '\n');
}

async function writeServing(files: PkiFiles, ca: x509.X509Certificate, now: Date): Promise<void> {
  const caKey = await importPrivateKey(readFileSync(files.caKeyFile, 'utf8'));
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=orch-apiserver',
    issuer: ca.subject,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + SERVING_LIFETIME),
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: caKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...SERVING_DNS.map((value) => ({ type: 'dns' as const, value })),
        ...SERVING_IPS.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  writeFileSync(files.servingKeyFile, await privateKeyPem(keys.privateKey), { mode: 0o600 });
  writeFileSync(files.servingCertFile, cert.toString('pem') + '\n');
}

async function writeServiceAccountKey(files: PkiFiles): Promise<void> {
  const keys = await generateKeys();
  const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', keys.publicKey));
  writeFileSync(files.serviceAccountKeyFile, await privateKeyPem(keys.privateKey), { mode: 0o600 });
  writeFileSync(files.serviceAccountPublicKeyFile, pem('PUBLIC KEY', spki));
}

function serial(): string {
  // Positive 128-bit serial: clear the top bit so DER does not read it as negative.
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

async function privateKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  return pem('PRIVATE KEY', Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key)));
}

function pem(label: string, der: Buffer): string {
  const body = der.toString('base64').match(/.{1,64}/g)?.join('\n') ?? '';
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

async function importPrivateKey(pem: string): Promise<webcrypto.CryptoKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return webcrypto.subtle.importKey('pkcs8', der, ALGORITHM, false, ['sign']);
}
