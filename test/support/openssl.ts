// Keys, certificate requests and certificates made with the openssl command, as a person would
// make them for a CertificateSigningRequest or a trust bundle.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from './apiserver.ts';

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A new key and a PEM certificate request for `subject` (e.g. `/CN=alice/O=dev`). */
export function makeCsr(subject: string, key: 'rsa' | 'ec' = 'ec'): { csr: string; keyFile: string } {
  const dir = makeTempDir('orch-csr-');
  const keyFile = join(dir, 'key.pem');
  const csrFile = join(dir, 'req.csr');
  const keyArgs = key === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'];
  openssl(['req', '-new', ...keyArgs, '-nodes', '-keyout', keyFile, '-subj', subject, '-out', csrFile]);
  return { csr: readFileSync(csrFile, 'utf8'), keyFile };
}

/** A self-signed certificate for `subject`, a CA when `ca` is true. */
export function makeCertificate(subject: string, ca = false): string {
  const dir = makeTempDir('orch-cert-');
  const certFile = join(dir, 'cert.pem');
  const ext = ca ? ['-addext', 'basicConstraints=critical,CA:TRUE'] : ['-addext', 'basicConstraints=critical,CA:FALSE'];
  openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', join(dir, 'key.pem'), '-subj', subject, '-days', '1', ...ext, '-out', certFile]);
  return readFileSync(certFile, 'utf8');
}

export const base64 = (text: string) => Buffer.from(text).toString('base64');
