// A signer's certificate authority from its --cluster-signing-*-cert-file / -key-file pair: one
// CA certificate and its private key (RSA, ECDSA or Ed25519, PKCS#1, SEC 1 or PKCS#8 PEM) that
// belong together. The files are read again when they change, as Kubernetes' dynamic CA content
// does, so a rotated CA signs from the next request on; a pair that no longer loads leaves the
// last good one in use.
import { createPrivateKey, X509Certificate as NodeX509Certificate, webcrypto, type KeyObject } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type * as X509 from '@peculiar/x509';
import { klog } from '../../../component-base/logs/klog.ts';
import { pemBlocks } from '../../../component-base/certs/pem-blocks.ts';
import { x509Library } from './x509-library.ts';

const log = klog('controllermanager/csrsigning');

export interface CertificateAuthority {
  cert: X509.X509Certificate;
  key: webcrypto.CryptoKey;
  /** The signature algorithm the key signs with. */
  signingAlgorithm: webcrypto.Algorithm & { hash?: string };
  notAfterMs: number;
}

const EC_HASHES: Readonly<Record<string, string>> = { prime256v1: 'SHA-256', secp384r1: 'SHA-384', secp521r1: 'SHA-512' };
const EC_CURVES: Readonly<Record<string, string>> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

function importParams(key: KeyObject, caFile: string): { importAlg: webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams | webcrypto.Algorithm; signing: CertificateAuthority['signingAlgorithm'] } {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return { importAlg: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, signing: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } };
    case 'ec': {
      const curve = key.asymmetricKeyDetails?.namedCurve ?? '';
      if (!EC_CURVES[curve]) throw new Error(`error reading CA key file ${JSON.stringify(caFile)}: unsupported elliptic curve ${curve}`);
      return { importAlg: { name: 'ECDSA', namedCurve: EC_CURVES[curve] }, signing: { name: 'ECDSA', hash: EC_HASHES[curve] } };
    }
    case 'ed25519':
      return { importAlg: { name: 'Ed25519' }, signing: { name: 'Ed25519' } };
    default:
      throw new Error(`error reading CA key file ${JSON.stringify(caFile)}: key did not implement crypto.Signer`);
  }
}

/** Reads and checks the pair; throws with Kubernetes' messages (the cert file names the pair). */
export async function loadCertificateAuthority(certFile: string, keyFile: string): Promise<CertificateAuthority> {
  let certPem: string;
  let keyPem: string;
  try {
    certPem = readFileSync(certFile, 'utf8');
    keyPem = readFileSync(keyFile, 'utf8');
  } catch (err) {
    throw new Error(`error reading CA cert file ${JSON.stringify(certFile)}: ${(err as Error).message}`);
  }
  const blocks = pemBlocks(certPem).filter((b) => b.type === 'CERTIFICATE');
  if (blocks.length !== 1) throw new Error(`error reading CA cert file ${JSON.stringify(certFile)}: expected 1 certificate, found ${blocks.length}`);
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(keyPem);
  } catch (err) {
    throw new Error(`error reading CA key file ${JSON.stringify(certFile)}: ${(err as Error).message}`);
  }
  let nodeCert: NodeX509Certificate;
  try {
    nodeCert = new NodeX509Certificate(blocks[0]!.der);
  } catch (err) {
    throw new Error(`error reading CA cert file ${JSON.stringify(certFile)}: ${(err as Error).message}`);
  }
  if (!nodeCert.checkPrivateKey(privateKey)) throw new Error(`error reading CA cert file ${JSON.stringify(certFile)}: tls: private key does not match public key`);
  const { importAlg, signing } = importParams(privateKey, certFile);
  const key = await webcrypto.subtle.importKey('pkcs8', privateKey.export({ format: 'der', type: 'pkcs8' }), importAlg, false, ['sign']);
  const x509 = await x509Library();
  const cert = new x509.X509Certificate(blocks[0]!.der);
  return { cert, key, signingAlgorithm: signing, notAfterMs: cert.notAfter.getTime() };
}

interface FileStamp {
  certStamp: string;
  keyStamp: string;
}

function stampOf(file: string): string {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}/${s.size}/${s.ino}`;
  } catch {
    return 'missing';
  }
}

/** The CA of a pair of files, loaded at start and again whenever either file changes. */
export class CAProvider {
  private ca: CertificateAuthority;
  private stamp: FileStamp;
  readonly certFile: string;
  readonly keyFile: string;

  private constructor(certFile: string, keyFile: string, ca: CertificateAuthority, stamp: FileStamp) {
    this.certFile = certFile;
    this.keyFile = keyFile;
    this.ca = ca;
    this.stamp = stamp;
  }

  static async load(certFile: string, keyFile: string): Promise<CAProvider> {
    const stamp = { certStamp: stampOf(certFile), keyStamp: stampOf(keyFile) };
    return new CAProvider(certFile, keyFile, await loadCertificateAuthority(certFile, keyFile), stamp);
  }

  async current(): Promise<CertificateAuthority> {
    const stamp = { certStamp: stampOf(this.certFile), keyStamp: stampOf(this.keyFile) };
    if (stamp.certStamp === this.stamp.certStamp && stamp.keyStamp === this.stamp.keyStamp) return this.ca;
    try {
      this.ca = await loadCertificateAuthority(this.certFile, this.keyFile);
      log.info('Loaded a new CA for signing', { certFile: this.certFile });
    } catch (err) {
      log.error('Could not load the changed CA; still signing with the previous one', { certFile: this.certFile, err: (err as Error).message });
    }
    this.stamp = stamp;
    return this.ca;
  }
}
