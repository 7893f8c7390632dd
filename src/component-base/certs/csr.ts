// PKCS#10 certificate signing requests as Kubernetes' ParseCSR and CheckSignature read them: the
// first PEM block must be a CERTIFICATE REQUEST whose DER parses, and its signature must verify
// with the public key it carries (RSA PKCS#1 v1.5, ECDSA or Ed25519). The ASN.1 library is
// loaded on first use (it takes some 150 ms to load), so servers that see no CSR never pay it.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import { pemBlocks } from './pem-blocks.ts';

export interface ParsedCsr {
  /** The subject's organizations (O), in order: the groups a client certificate would carry. */
  organizations: string[];
  /** The subject's common name (CN), if any. */
  commonName?: string;
  publicKey: KeyObject;
}

interface Asn1 {
  AsnConvert: { parse<T>(data: ArrayBuffer | Uint8Array, target: new () => T): T; serialize(obj: unknown): ArrayBuffer };
  CertificationRequest: new () => CertificationRequestShape;
}

interface CertificationRequestShape {
  certificationRequestInfo: { subject: Array<Array<{ type: string; value: { toString(): string } }>>; subjectPKInfo: unknown };
  certificationRequestInfoRaw?: ArrayBuffer;
  signatureAlgorithm: { algorithm: string };
  signature: ArrayBuffer;
}

let asn1: Asn1 | undefined;

function loadAsn1(): Asn1 {
  if (!asn1) {
    const require = createRequire(import.meta.url);
    const schema = require('@peculiar/asn1-schema') as { AsnConvert: Asn1['AsnConvert'] };
    const csr = require('@peculiar/asn1-csr') as { CertificationRequest: Asn1['CertificationRequest'] };
    asn1 = { AsnConvert: schema.AsnConvert, CertificationRequest: csr.CertificationRequest };
  }
  return asn1;
}

/** Node's digest for a signature algorithm OID; null for Ed25519, which takes none. */
const SIGNATURE_DIGESTS: Readonly<Record<string, string | null>> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
  '1.3.101.112': null,
};

/** Go's errors for a signature that does not verify, by key type. */
const VERIFY_FAILURES: Readonly<Record<string, string>> = { ec: 'x509: ECDSA verification failure', ed25519: 'x509: Ed25519 verification failure' };

const ORGANIZATION = '2.5.4.10';
const COMMON_NAME = '2.5.4.3';

/** Parses and checks a PEM certificate request; throws an Error with Go's message when it is not one. */
export function parseCsr(pem: Uint8Array | string): ParsedCsr {
  const text = typeof pem === 'string' ? pem : Buffer.from(pem).toString('latin1');
  const block = pemBlocks(text)[0];
  if (!block || block.type !== 'CERTIFICATE REQUEST' || block.headers) throw new Error('PEM block type must be CERTIFICATE REQUEST');
  const { AsnConvert, CertificationRequest } = loadAsn1();
  let req: CertificationRequestShape;
  let publicKey: KeyObject;
  try {
    req = AsnConvert.parse(block.der, CertificationRequest);
    publicKey = createPublicKey({ key: Buffer.from(AsnConvert.serialize(req.certificationRequestInfo.subjectPKInfo)), format: 'der', type: 'spki' });
  } catch {
    throw new Error('asn1: structure error: the certificate request does not parse');
  }
  const digest = SIGNATURE_DIGESTS[req.signatureAlgorithm.algorithm];
  if (digest === undefined) throw new Error('x509: cannot verify signature: algorithm unimplemented');
  const signed = Buffer.from(req.certificationRequestInfoRaw ?? AsnConvert.serialize(req.certificationRequestInfo));
  let ok = false;
  try {
    ok = verify(digest, signed, publicKey, Buffer.from(req.signature));
  } catch {
    ok = false;
  }
  if (!ok) throw new Error(VERIFY_FAILURES[publicKey.asymmetricKeyType ?? ''] ?? 'crypto/rsa: verification error');
  // Name and its RDNs are Array subclasses: plain arrays keep the results plain.
  const attributes = Array.from(req.certificationRequestInfo.subject, (rdn) => Array.from(rdn)).flat();
  return {
    organizations: attributes.filter((a) => a.type === ORGANIZATION).map((a) => a.value.toString()),
    commonName: attributes.find((a) => a.type === COMMON_NAME)?.value.toString(),
    publicKey,
  };
}
