// When no serving certificate is given, a self-signed CA and a serving pair signed by it are
// generated into --cert-dir (apiserver.crt holds the serving certificate then the CA; apiserver.key
// its key) and reused on the next start, as Kubernetes does.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { klog } from '../logs/klog.ts';
import { RSA_2048, generateKeyPair } from './keys.ts';

const log = klog('certs/self-signed');

export interface CertKeyPair {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
}

const YEAR = 365 * 24 * 3600_000;

/** Generates a CA (`orch-ca@<unix time>`) and a serving certificate for `host` and `alternateNames`. */
export async function generateSelfSignedCertKey(host: string, alternateNames: string[]): Promise<{ cert: string; key: string; caCert: string }> {
  // Loaded on demand: most starts reuse saved certificates, and the X.509 library is slow to load.
  const { createCA, issueServingCert } = await import('./issue.ts');
  const now = new Date();
  const stamp = Math.floor(now.getTime() / 1000);
  // Both RSA keys are made at once: each takes a noticeable part of a first start.
  const [ca, keys] = await Promise.all([
    createCA({ commonName: `orch-ca@${stamp}`, lifetimeMs: YEAR, now, algorithm: RSA_2048 }),
    generateKeyPair(RSA_2048),
  ]);
  const serving = await issueServingCert({
    ca: ca.cert,
    caKey: ca.keys.privateKey,
    commonName: `${host}@${stamp}`,
    names: [host, ...alternateNames],
    lifetimeMs: YEAR,
    now,
    algorithm: RSA_2048,
    keys,
  });
  return { cert: serving.certPem + ca.certPem, key: serving.keyPem, caCert: ca.certPem };
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
