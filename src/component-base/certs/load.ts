// Reads a certificate/key pair from files and checks that they belong together, so a bad pair
// fails start-up with one clear line instead of failing every handshake.
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import type { CertKeyPair } from './self-signed.ts';

function read(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`unable to read ${what} ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

export function loadCertKeyPair(certFile: string, keyFile: string, what = '--tls-cert-file/--tls-private-key-file'): CertKeyPair {
  const cert = read(certFile, 'certificate file');
  const key = read(keyFile, 'private key file');
  try {
    createSecureContext({ cert, key });
  } catch (err) {
    throw new Error(`invalid serving certificate ${what} (${certFile}, ${keyFile}): ${(err as Error).message}`);
  }
  return { certFile, keyFile, cert, key };
}
