// --tls-min-version and --tls-cipher-suites, translated from Go/IANA names to what Node's TLS
// (OpenSSL) takes. TLS 1.3 suites keep their IANA names; listing none of them keeps TLS 1.3's
// defaults, as Go does (its TLS 1.3 suites are not configurable).
import type { SecureVersion } from 'node:tls';

const VERSIONS: Record<string, SecureVersion> = {
  VersionTLS10: 'TLSv1',
  VersionTLS11: 'TLSv1.1',
  VersionTLS12: 'TLSv1.2',
  VersionTLS13: 'TLSv1.3',
};

const TLS13_SUITES = new Set(['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256']);

const OPENSSL_NAMES: Record<string, string> = {
  TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA: 'ECDHE-ECDSA-AES128-SHA',
  TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256: 'ECDHE-ECDSA-AES128-GCM-SHA256',
  TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA: 'ECDHE-ECDSA-AES256-SHA',
  TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384: 'ECDHE-ECDSA-AES256-GCM-SHA384',
  TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305: 'ECDHE-ECDSA-CHACHA20-POLY1305',
  TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256: 'ECDHE-ECDSA-CHACHA20-POLY1305',
  TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA: 'ECDHE-RSA-AES128-SHA',
  TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256: 'ECDHE-RSA-AES128-GCM-SHA256',
  TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA: 'ECDHE-RSA-AES256-SHA',
  TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384: 'ECDHE-RSA-AES256-GCM-SHA384',
  TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305: 'ECDHE-RSA-CHACHA20-POLY1305',
  TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256: 'ECDHE-RSA-CHACHA20-POLY1305',
  // Insecure values: accepted, and warned about.
  TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256: 'ECDHE-ECDSA-AES128-SHA256',
  TLS_ECDHE_ECDSA_WITH_RC4_128_SHA: 'ECDHE-ECDSA-RC4-SHA',
  TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA: 'ECDHE-RSA-DES-CBC3-SHA',
  TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256: 'ECDHE-RSA-AES128-SHA256',
  TLS_ECDHE_RSA_WITH_RC4_128_SHA: 'ECDHE-RSA-RC4-SHA',
  TLS_RSA_WITH_3DES_EDE_CBC_SHA: 'DES-CBC3-SHA',
  TLS_RSA_WITH_AES_128_CBC_SHA: 'AES128-SHA',
  TLS_RSA_WITH_AES_128_CBC_SHA256: 'AES128-SHA256',
  TLS_RSA_WITH_AES_128_GCM_SHA256: 'AES128-GCM-SHA256',
  TLS_RSA_WITH_AES_256_CBC_SHA: 'AES256-SHA',
  TLS_RSA_WITH_AES_256_GCM_SHA384: 'AES256-GCM-SHA384',
  TLS_RSA_WITH_RC4_128_SHA: 'RC4-SHA',
};

export const INSECURE_CIPHER_SUITES = new Set([
  'TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256', 'TLS_ECDHE_ECDSA_WITH_RC4_128_SHA', 'TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA',
  'TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256', 'TLS_ECDHE_RSA_WITH_RC4_128_SHA', 'TLS_RSA_WITH_3DES_EDE_CBC_SHA',
  'TLS_RSA_WITH_AES_128_CBC_SHA', 'TLS_RSA_WITH_AES_128_CBC_SHA256', 'TLS_RSA_WITH_AES_128_GCM_SHA256',
  'TLS_RSA_WITH_AES_256_CBC_SHA', 'TLS_RSA_WITH_AES_256_GCM_SHA384', 'TLS_RSA_WITH_RC4_128_SHA',
]);

export interface TlsSettings {
  minVersion: SecureVersion;
  /** OpenSSL cipher string (TLS 1.2 and below, then TLS 1.3 suites), or undefined for Node's defaults. */
  ciphers?: string;
  insecureSuites: string[];
  /** PEM bundle of the client-certificate authorities; when set, the handshake asks for a client certificate (verified later, per request). */
  clientCA?: string;
}

export function tlsVersion(name: string): SecureVersion {
  const v = VERSIONS[name];
  if (!v) throw new Error(`--tls-min-version: unknown tls version ${JSON.stringify(name)}; want one of ${Object.keys(VERSIONS).join(', ')}`);
  return v;
}

export function buildTlsSettings(minVersionName: string | undefined, suites: string[] | undefined): TlsSettings {
  const minVersion = minVersionName ? tlsVersion(minVersionName) : 'TLSv1.2';
  const legacy = minVersion === 'TLSv1' || minVersion === 'TLSv1.1';
  if (!suites || suites.length === 0) {
    // TLS 1.0/1.1 are below OpenSSL's default security level; asking for them means lowering it.
    return { minVersion, ciphers: legacy ? 'DEFAULT:@SECLEVEL=0' : undefined, insecureSuites: [] };
  }
  const tls12: string[] = [];
  const tls13: string[] = [];
  for (const name of suites) {
    if (TLS13_SUITES.has(name)) tls13.push(name);
    else if (OPENSSL_NAMES[name]) tls12.push(OPENSSL_NAMES[name]);
    else throw new Error(`--tls-cipher-suites: cipher suite ${name} not supported or doesn't exist`);
  }
  if (tls12.length === 0 && minVersion !== 'TLSv1.3') {
    // Only TLS 1.3 suites given: TLS 1.2 handshakes then have nothing to agree on, as the operator asked.
    tls12.push('!ALL');
  }
  const list = [...new Set(tls12)];
  if (legacy) list.push('@SECLEVEL=0');
  const ciphers = [...list, ...(tls13.length ? tls13 : [...TLS13_SUITES])].join(':');
  return { minVersion, ciphers, insecureSuites: suites.filter((s) => INSECURE_CIPHER_SUITES.has(s)) };
}
