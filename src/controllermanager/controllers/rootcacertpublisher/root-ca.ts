// The CA bundle the publisher spreads: --root-ca-file when given (it must hold PEM certificates),
// otherwise the CA the controller manager itself trusts for the API server, as Kubernetes does.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** Checks that the bundle holds at least one certificate and only valid ones; returns it unchanged. */
export function validateCABundle(pem: string, source: string): string {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) throw new Error(`error parsing root-ca-file at ${source}: data does not contain any valid RSA or ECDSA certificates`);
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch (err) {
      throw new Error(`error parsing root-ca-file at ${source}: ${(err as Error).message}`);
    }
  }
  return pem;
}

export function readRootCA(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`error reading root-ca-file at ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return validateCABundle(pem, file);
}
