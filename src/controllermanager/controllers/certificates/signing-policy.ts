// The signers' policy, as Kubernetes' PermissiveSigningPolicy applies it: the usages the request
// asks for become key usage bits and extended key usages (any other usage refuses the request),
// the certificate is no CA, it starts five minutes in the past and lasts the signer's duration —
// --cluster-signing-duration, or spec.expirationSeconds when shorter (at least ten minutes) —
// minus that backdating unless it is shorter than eight hours; never past the CA's own end.

const MINUTE_MS = 60_000;
export const BACKDATE_MS = 5 * MINUTE_MS;
/** Certificates shorter than this keep their whole requested lifetime after now. */
export const SHORT_MS = 8 * 60 * MINUTE_MS;
/** The shortest lifetime a request gets, whatever it asks (twice the backdating). */
export const MIN_DURATION_MS = 10 * MINUTE_MS;

/** Usage names to the @peculiar/x509 KeyUsageFlags member they set. */
const KEY_USAGES: Readonly<Record<string, string>> = {
  signing: 'digitalSignature',
  'digital signature': 'digitalSignature',
  'content commitment': 'nonRepudiation',
  'key encipherment': 'keyEncipherment',
  'key agreement': 'keyAgreement',
  'data encipherment': 'dataEncipherment',
  'cert sign': 'keyCertSign',
  'crl sign': 'cRLSign',
  'encipher only': 'encipherOnly',
  'decipher only': 'decipherOnly',
};

/** Extended key usage OIDs, in the order of Go's ExtKeyUsage constants (the order they are written). */
const EXT_KEY_USAGE_ORDER = [
  '2.5.29.37.0', '1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2', '1.3.6.1.5.5.7.3.3', '1.3.6.1.5.5.7.3.4', '1.3.6.1.5.5.7.3.5',
  '1.3.6.1.5.5.7.3.6', '1.3.6.1.5.5.7.3.7', '1.3.6.1.5.5.7.3.8', '1.3.6.1.5.5.7.3.9', '1.3.6.1.4.1.311.10.3.3', '2.16.840.1.113730.4.1',
];
const EXT_KEY_USAGES: Readonly<Record<string, string>> = {
  any: '2.5.29.37.0',
  'server auth': '1.3.6.1.5.5.7.3.1',
  'client auth': '1.3.6.1.5.5.7.3.2',
  'code signing': '1.3.6.1.5.5.7.3.3',
  'email protection': '1.3.6.1.5.5.7.3.4',
  's/mime': '1.3.6.1.5.5.7.3.4',
  'ipsec end system': '1.3.6.1.5.5.7.3.5',
  'ipsec tunnel': '1.3.6.1.5.5.7.3.6',
  'ipsec user': '1.3.6.1.5.5.7.3.7',
  timestamping: '1.3.6.1.5.5.7.3.8',
  'ocsp signing': '1.3.6.1.5.5.7.3.9',
  'microsoft sgc': '1.3.6.1.4.1.311.10.3.3',
  'netscape sgc': '2.16.840.1.113730.4.1',
};

export interface CertificateUsages {
  /** KeyUsageFlags member names, without repeats. */
  keyUsages: string[];
  /** Extended key usage OIDs, without repeats, in Go's order. */
  extKeyUsages: string[];
}

/** The usages a certificate carries for the request's usages; throws for a usage no certificate has. */
export function certificateUsages(usages: readonly string[]): CertificateUsages {
  const keyUsages = new Set<string>();
  const ext = new Set<string>();
  const unrecognized: string[] = [];
  for (const usage of usages) {
    if (KEY_USAGES[usage]) keyUsages.add(KEY_USAGES[usage]);
    else if (EXT_KEY_USAGES[usage]) ext.add(EXT_KEY_USAGES[usage]);
    else unrecognized.push(usage);
  }
  if (unrecognized.length) throw new Error(`unrecognized usage values: [${unrecognized.map((u) => JSON.stringify(u)).join(' ')}]`);
  return { keyUsages: [...keyUsages], extKeyUsages: EXT_KEY_USAGE_ORDER.filter((oid) => ext.has(oid)) };
}

/** How long a certificate lasts: the signer's maximum, or the request's shorter expirationSeconds. */
export function certificateDurationMs(maxMs: number, expirationSeconds: number | null | undefined): number {
  if (expirationSeconds === undefined || expirationSeconds === null) return maxMs;
  const requested = expirationSeconds * 1000;
  if (requested > maxMs) return maxMs;
  if (requested < MIN_DURATION_MS) return MIN_DURATION_MS;
  return requested;
}

/** Go's default formatting of a UTC time, as its errors print one. */
export function goTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' +0000 UTC');
}

/** The certificate's validity for a lifetime of `ttlMs` from `now`, capped at the CA's end; throws when the CA has expired. */
export function certificateValidity(nowMs: number, ttlMs: number, caNotAfterMs: number): { notBefore: number; notAfter: number } {
  const notBefore = nowMs - BACKDATE_MS;
  let notAfter = ttlMs < SHORT_MS ? nowMs + ttlMs : nowMs + ttlMs - BACKDATE_MS;
  if (notAfter >= caNotAfterMs) notAfter = caNotAfterMs;
  if (notBefore >= caNotAfterMs) throw new Error(`the signer has expired: NotAfter=${goTime(caNotAfterMs)}`);
  if (nowMs >= caNotAfterMs) throw new Error('refusing to sign a certificate that expired in the past');
  return { notBefore, notAfter };
}
