// Test certificate authorities and client certificates (ECDSA P-256, so generation is quick):
// good, expired, with organizations, with extended key usages, signed by another CA.
import { webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const HOUR = 3600_000;

export interface TestCA {
  certPem: string;
  keyPem: string;
  /** Issues a certificate for `subject` ("CN=alice, O=dev"). */
  issue(subject: string, opts?: IssueOptions): Promise<{ certPem: string; keyPem: string }>;
  /** The signing key and name, for intermediates. */
  signer: { key: webcrypto.CryptoKey; name: string };
}

export interface IssueOptions {
  notBefore?: Date;
  notAfter?: Date;
  /** Extended key usages; client authentication when absent. */
  usages?: string[];
  /** DNS names and IPs (for serving certificates). */
  hosts?: string[];
}

let lib: typeof X509 | undefined;
async function x509(): Promise<typeof X509> {
  if (!lib) {
    await import('reflect-metadata');
    lib = await import('@peculiar/x509');
  }
  return lib;
}

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

async function keyPair(): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}

export const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
export const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';

/** A root CA, or an intermediate signed by `parent`. */
export async function createTestCA(name = 'test-ca', parent?: TestCA): Promise<TestCA> {
  const x = await x509();
  const caKeys = await keyPair();
  const now = Date.now();
  const caExtensions = [new x.BasicConstraintsExtension(true, undefined, true), new x.KeyUsagesExtension(x.KeyUsageFlags.keyCertSign | x.KeyUsageFlags.digitalSignature, true)];
  const validity = { notBefore: new Date(now - HOUR), notAfter: new Date(now + 24 * HOUR), signingAlgorithm: ALG };
  const ca = parent
    ? await x.X509CertificateGenerator.create(
        { ...validity, subject: `CN=${name}`, issuer: parent.signer.name, publicKey: caKeys.publicKey as never, signingKey: parent.signer.key as never, extensions: caExtensions },
        webcrypto as never,
      )
    : await x.X509CertificateGenerator.createSelfSigned({ ...validity, name: `CN=${name}`, keys: caKeys as never, extensions: caExtensions }, webcrypto as never);
  return {
    signer: { key: caKeys.privateKey, name: ca.subject },
    certPem: ca.toString('pem') + '\n',
    keyPem: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', caKeys.privateKey)),
    async issue(subject, opts = {}) {
      const keys = await keyPair();
      const extensions: X509.Extension[] = [
        new x.BasicConstraintsExtension(false, undefined, true),
        new x.KeyUsagesExtension(x.KeyUsageFlags.digitalSignature, true),
        new x.ExtendedKeyUsageExtension(opts.usages ?? [CLIENT_AUTH]),
      ];
      if (opts.hosts?.length) {
        extensions.push(new x.SubjectAlternativeNameExtension(opts.hosts.map((h) => (/^[\d.]+$/.test(h) || h.includes(':') ? { type: 'ip', value: h } : { type: 'dns', value: h }))));
      }
      const cert = await x.X509CertificateGenerator.create(
        {
          subject,
          issuer: ca.subject,
          serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex').replace(/^[89a-f]/, '1'),
          notBefore: opts.notBefore ?? new Date(Date.now() - HOUR),
          notAfter: opts.notAfter ?? new Date(Date.now() + 24 * HOUR),
          signingAlgorithm: ALG,
          publicKey: keys.publicKey as never,
          signingKey: caKeys.privateKey as never,
          extensions,
        },
        webcrypto as never,
      );
      return { certPem: cert.toString('pem') + '\n', keyPem: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)) };
    },
  };
}
