// PEM blocks as Go's pem.Decode finds them, one after another, text between them ignored: each
// block's type, whether it carries headers, and its DER bytes. Certificates in PEM bundles are
// checked with them (a CSR's issued certificate, a trust bundle's anchors).
import { X509Certificate } from 'node:crypto';

export interface PemBlock {
  type: string;
  /** The block has `Key: value` header lines before its base64 body. */
  headers: boolean;
  der: Buffer;
}

const BLOCK = /-----BEGIN ([^\r\n-]+)-----\r?\n([\s\S]*?)-----END \1-----/g;

export function pemBlocks(text: string): PemBlock[] {
  const out: PemBlock[] = [];
  for (const m of text.matchAll(BLOCK)) {
    const body = m[2]!;
    const headers = /^[A-Za-z0-9-]+:/m.test(body);
    const base64 = headers ? body.slice(body.search(/\r?\n\r?\n/) + 1) : body;
    out.push({ type: m[1]!, headers, der: Buffer.from(base64.replace(/\s+/g, ''), 'base64') });
  }
  return out;
}

/** The certificate a CERTIFICATE block holds, or undefined when its DER does not parse. */
export function parseCertificateDer(der: Buffer): X509Certificate | undefined {
  try {
    return new X509Certificate(der);
  } catch {
    return undefined;
  }
}

/**
 * A signer's issued certificate as Kubernetes accepts it: one or more CERTIFICATE blocks without
 * headers, each a certificate. The error is Kubernetes' message; none when valid or empty.
 */
export function certificateChainError(text: string): string | undefined {
  if (!text) return undefined;
  const blocks = pemBlocks(text);
  for (const block of blocks) {
    if (block.type !== 'CERTIFICATE') return `only CERTIFICATE PEM blocks are allowed, found ${JSON.stringify(block.type)}`;
    if (block.headers) return 'no PEM block headers are permitted';
    if (!parseCertificateDer(block.der)) return 'x509: malformed certificate';
  }
  return blocks.length ? undefined : 'must contain at least one CERTIFICATE PEM block';
}
