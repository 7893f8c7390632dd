// When no serving certificate is given, a self-signed CA and a serving pair signed by it are
// generated into --cert-dir (apiserver.crt holds the serving certificate then the CA; apiserver.key
// its key) and reused on the next start, as Kubernetes does.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { isIP } from 'node:net';
import { webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';
import { klog } from '../logs/klog.ts';

const log = klog('certs/self-signed');

export interface CertKeyPair {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
}

const ALG = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
const DAY = 24 * 3600 * 1000;

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

function sanEntries(hosts: string[]): X509.JsonGeneralName[] {
  const seen = new Set<string>();
  const out: X509.JsonGeneralName[] = [];
  for (const h of hosts) {
    if (!h || seen.has(h)) continue;
    seen.add(h);
    out.push(isIP(h) ? { type: 'ip', value: h } : { type: 'dns', value: h });
  }
  return out;
}

/** Generates a CA (`orch-ca@<unix time>`) and a serving certificate for `host` and `alternateNames`. */
export async function generateSelfSignedCertKey(host: string, alternateNames: string[]): Promise<{ cert: string; key: string; caCert: string }> {
  // Loaded on demand: most starts reuse saved certificates, and the library needs the Reflect
  // metadata polyfill in place before it loads.
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  const crypto = webcrypto;
  const now = Date.now();
  const notBefore = new Date(now - 3600 * 1000);
  const stamp = Math.floor(now / 1000);
  const [caKeys, keys] = await Promise.all([
    crypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>,
    crypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>,
  ]);
  const ca = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: `CN=orch-ca@${stamp}`,
      notBefore,
      notAfter: new Date(now + 365 * DAY),
      signingAlgorithm: ALG,
      keys: caKeys as never,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
        await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey as never, false, crypto as never),
      ],
    },
    crypto as never,
  );
  const serving = await x509.X509CertificateGenerator.create(
    {
      subject: `CN=${host}@${stamp}`,
      issuer: ca.subject,
      notBefore,
      notAfter: new Date(now + 365 * DAY),
      signingAlgorithm: ALG,
      publicKey: keys.publicKey as never,
      signingKey: caKeys.privateKey as never,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(sanEntries([host, ...alternateNames])),
        await x509.AuthorityKeyIdentifierExtension.create(ca, false, crypto as never),
      ],
    },
    crypto as never,
  );
  const key = pem('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', keys.privateKey));
  const caCert = ca.toString('pem') + '\n';
  return { cert: serving.toString('pem') + '\n' + caCert, key, caCert };
}

/** Reuses <certDir>/apiserver.{crt,key} when both are readable, else generates and writes them. */
export async function ensureSelfSignedPair(certDir: string, host: string, alternateNames: string[]): Promise<CertKeyPair> {
  const certFile = join(certDir, 'apiserver.crt');
  const keyFile = join(certDir, 'apiserver.key');
  if (existsSync(certFile) && existsSync(keyFile)) {
    try {
      return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
    } catch (err) {
      throw new Error(`unable to read the generated serving certificate in --cert-dir ${certDir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  const { cert, key } = await generateSelfSignedCertKey(host, alternateNames);
  try {
    mkdirSync(certDir, { recursive: true, mode: 0o755 });
    writeFileSync(certFile, cert, { mode: 0o644 });
    writeFileSync(keyFile, key, { mode: 0o600 });
  } catch (err) {
    throw new Error(`unable to write a self-signed serving certificate to --cert-dir ${certDir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  log.info('Generated self-signed cert', { certFile, keyFile });
  return { certFile, keyFile, cert, key };
}
