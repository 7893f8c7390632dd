// Makes a certificate authority, and serving and client certificates signed by it. This module
// loads the X.509 library (and the Reflect metadata polyfill it needs first), so callers on a
// start-up path import it dynamically, only when a certificate has to be made.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { isIP } from 'node:net';
import { webcrypto } from 'node:crypto';
import { generateKeyPair, privateKeyPem, serialNumber, type KeyAlgorithm } from './keys.ts';

/** Certificates start an hour in the past, so a peer whose clock lags a little still accepts them. */
const BACKDATE_MS = 3600_000;

// The library's provider type is the DOM Crypto; Node's webcrypto is the same at run time.
const crypto = webcrypto as unknown as NonNullable<Parameters<typeof x509.X509CertificateGenerator.create>[1]>;

export interface IssuedCert {
  cert: x509.X509Certificate;
  keys: webcrypto.CryptoKeyPair;
  /** The certificate as PEM, ending in a newline. */
  certPem: string;
  /** The private key as PKCS#8 PEM. */
  keyPem: string;
}

export interface CreateCAOptions {
  commonName: string;
  lifetimeMs: number;
  now?: Date;
  algorithm: KeyAlgorithm;
}

/** A self-signed CA certificate (`CN=<commonName>`) and its new key pair. */
export async function createCA({ commonName, lifetimeMs, now = new Date(), algorithm }: CreateCAOptions): Promise<IssuedCert> {
  const keys = await generateKeyPair(algorithm);
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serialNumber(),
      name: `CN=${commonName}`,
      notBefore: new Date(now.getTime() - BACKDATE_MS),
      notAfter: new Date(now.getTime() + lifetimeMs),
      signingAlgorithm: signingAlgorithm(keys.privateKey),
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  return { cert, keys, certPem: cert.toString('pem') + '\n', keyPem: await privateKeyPem(keys.privateKey) };
}

export interface IssueServingCertOptions {
  /** The issuing CA's certificate, parsed or as PEM. */
  ca: x509.X509Certificate | string;
  /** The CA's private key; its algorithm decides the signature's. */
  caKey: webcrypto.CryptoKey;
  commonName: string;
  /** Subject alternative names: DNS names and IP addresses mixed; empty and repeated ones are skipped. */
  names: string[];
  lifetimeMs: number;
  now?: Date;
  /** The algorithm of the certificate's new key pair. */
  algorithm: KeyAlgorithm;
  /** A key pair made beforehand (e.g. alongside the CA's) instead of a new one. */
  keys?: webcrypto.CryptoKeyPair;
}

/** A TLS server certificate for `names`, signed by the CA. */
export async function issueServingCert(options: IssueServingCertOptions): Promise<IssuedCert> {
  return issueLeaf(options, `CN=${options.commonName}`, x509.ExtendedKeyUsage.serverAuth, [new x509.SubjectAlternativeNameExtension(subjectAlternativeNames(options.names))], options.keys);
}

interface LeafOptions {
  ca: x509.X509Certificate | string;
  caKey: webcrypto.CryptoKey;
  lifetimeMs: number;
  now?: Date;
  algorithm: KeyAlgorithm;
}

/** A leaf certificate (no CA) for `subject` with one extended key usage, signed by the CA. */
async function issueLeaf(options: LeafOptions, subject: string, usage: string, extra: x509.Extension[], given?: webcrypto.CryptoKeyPair): Promise<IssuedCert> {
  const { caKey, lifetimeMs, now = new Date() } = options;
  const ca = typeof options.ca === 'string' ? new x509.X509Certificate(options.ca) : options.ca;
  const keys = given ?? (await generateKeyPair(options.algorithm));
  const cert = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serialNumber(),
      subject,
      issuer: ca.subject,
      notBefore: new Date(now.getTime() - BACKDATE_MS),
      notAfter: new Date(now.getTime() + lifetimeMs),
      signingAlgorithm: signingAlgorithm(caKey),
      publicKey: keys.publicKey,
      signingKey: caKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
        new x509.ExtendedKeyUsageExtension([usage]),
        ...extra,
        await x509.AuthorityKeyIdentifierExtension.create(ca, false, crypto),
      ],
    },
    crypto,
  );
  return { cert, keys, certPem: cert.toString('pem') + '\n', keyPem: await privateKeyPem(keys.privateKey) };
}

/** Signs with SHA-256 and the signing key's own algorithm (RSA PKCS#1 v1.5 or ECDSA). */
function signingAlgorithm(key: webcrypto.CryptoKey): webcrypto.KeyAlgorithm & { hash: string } {
  return { ...key.algorithm, hash: 'SHA-256' };
}

function subjectAlternativeNames(names: string[]): x509.JsonGeneralName[] {
  const seen = new Set<string>();
  const out: x509.JsonGeneralName[] = [];
  for (const name of names) {
    if (!name || seen.has(name)) continue;
    seen.add(name);
    out.push(isIP(name) ? { type: 'ip', value: name } : { type: 'dns', value: name });
  }
  return out;
}

export interface IssueClientCertOptions {
  ca: x509.X509Certificate | string;
  caKey: webcrypto.CryptoKey;
  commonName: string;
  /** Subject organizations (the groups an authenticator reads from them). */
  organizations?: string[];
  lifetimeMs: number;
  now?: Date;
  algorithm: KeyAlgorithm;
}

/** A TLS client certificate for `CN=<commonName>` (and `O=` each organization), signed by the CA. */
export async function issueClientCert(options: IssueClientCertOptions): Promise<IssuedCert> {
  const subject = [...(options.organizations ?? []).map((o) => `O=${o}`), `CN=${options.commonName}`].join(', ');
  return issueLeaf(options, subject, x509.ExtendedKeyUsage.clientAuth, []);
}
