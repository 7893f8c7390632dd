// --tls-sni-cert-key: `<cert>,<key>[:<pattern>,<pattern>...]`. A pair without patterns answers for
// its certificate's DNS names and CommonName (never its IPs). Explicit patterns beat extracted
// names, earlier flags beat later ones, and an exact name beats a wildcard.
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { createSecureContext, type SecureContext, type SecureContextOptions } from 'node:tls';
import { loadCertKeyPair } from './load.ts';
import type { CertKeyPair } from './self-signed.ts';

export interface NamedCertKey {
  pair: CertKeyPair;
  names: string[];
}

export function parseSniCertKey(value: string): { certFile: string; keyFile: string; names: string[] } {
  const colon = value.indexOf(':');
  const files = (colon < 0 ? value : value.slice(0, colon)).split(',');
  const names = colon < 0 ? [] : value.slice(colon + 1).split(',').map((s) => s.trim()).filter(Boolean);
  if (files.length !== 2 || !files[0] || !files[1]) throw new Error(`--tls-sni-cert-key ${JSON.stringify(value)}: want <cert_file>,<key_file>[:<pattern>,...]`);
  return { certFile: files[0].trim(), keyFile: files[1].trim(), names };
}

export function loadNamedCertKeys(values: string[]): NamedCertKey[] {
  return values.map((v) => {
    const { certFile, keyFile, names } = parseSniCertKey(v);
    return { pair: loadCertKeyPair(certFile, keyFile, '--tls-sni-cert-key'), names };
  });
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** The names a certificate answers for when no pattern is given. */
export function certificateNames(pem: string): string[] {
  const cert = new X509Certificate(pem);
  const names: string[] = [];
  const cn = /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1];
  if (cn && !isIP(cn) && (cn === '*' || DNS_SUBDOMAIN.test(cn.replace(/^\*\./, '')))) names.push(cn);
  for (const entry of (cert.subjectAltName ?? '').split(/,\s*/)) {
    if (entry.startsWith('DNS:')) names.push(entry.slice(4));
  }
  return names;
}

/** Maps each lower-cased name to its pair, with Kubernetes' precedence. */
export function namedCertificateMap(certs: NamedCertKey[]): Map<string, CertKeyPair> {
  const byName = new Map<string, CertKeyPair>();
  // Implicit names first, in reverse order so earlier entries overwrite later ones.
  for (let i = certs.length - 1; i >= 0; i--) {
    const c = certs[i]!;
    if (c.names.length) continue;
    for (const n of certificateNames(c.pair.cert)) byName.set(n.toLowerCase(), c.pair);
  }
  // Explicit names last, overwriting every implicit one, earlier beating later.
  for (let i = certs.length - 1; i >= 0; i--) {
    for (const n of certs[i]!.names) byName.set(n.toLowerCase(), certs[i]!.pair);
  }
  return byName;
}

/** The pair for a server name: exact first, then the wildcard of its first label. */
export function selectCertificate(byName: Map<string, CertKeyPair>, serverName: string): CertKeyPair | undefined {
  const name = serverName.toLowerCase().replace(/\.$/, '');
  const exact = byName.get(name);
  if (exact) return exact;
  const labels = name.split('.');
  if (labels.length < 2) return undefined;
  labels[0] = '*';
  return byName.get(labels.join('.'));
}

/** A Node SNICallback over the map; unknown names fall back to the default certificate. */
export function sniCallback(certs: NamedCertKey[], tlsOptions: SecureContextOptions): (name: string, cb: (err: Error | null, ctx?: SecureContext) => void) => void {
  const byName = namedCertificateMap(certs);
  const contexts = new Map<CertKeyPair, SecureContext>();
  return (serverName, cb) => {
    const pair = selectCertificate(byName, serverName);
    if (!pair) return cb(null, undefined);
    let ctx = contexts.get(pair);
    if (!ctx) {
      ctx = createSecureContext({ ...tlsOptions, cert: pair.cert, key: pair.key });
      contexts.set(pair, ctx);
    }
    cb(null, ctx);
  };
}
