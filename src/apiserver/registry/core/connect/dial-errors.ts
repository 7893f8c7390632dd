// Connection failures worded as Go's net and crypto/tls packages word them, since Kubernetes
// passes those texts on to clients (`dial tcp 10.0.0.1:10250: connect: connection refused`,
// `tls: failed to verify certificate: x509: certificate signed by unknown authority`).

/** A failure to reach a backend, its message already in Go's words. */
export class DialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DialError';
  }
}

interface SystemError extends Error {
  code?: string;
  cert?: { subjectaltname?: string };
}

const CONNECT_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  EHOSTUNREACH: 'no route to host',
  ENETUNREACH: 'network is unreachable',
  EADDRNOTAVAIL: 'cannot assign requested address',
  EACCES: 'permission denied',
};

/** A TCP connect failure to `hostPort`. */
export function connectErrorText(err: SystemError, hostPort: string): string {
  const text = err.code ? CONNECT_ERRORS[err.code] : undefined;
  return text ? `dial tcp ${hostPort}: connect: ${text}` : `dial tcp ${hostPort}: ${err.message}`;
}

export function dialTimeoutText(hostPort: string): string {
  return `dial tcp ${hostPort}: i/o timeout`;
}

export function lookupErrorText(host: string): string {
  return `dial tcp: lookup ${host}: no such host`;
}

const UNKNOWN_AUTHORITY = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/** The peer's alert, from OpenSSL's code (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED …). */
const ALERTS: ReadonlyArray<readonly [string, string]> = [
  ['ALERT_CERTIFICATE_REQUIRED', 'certificate required'],
  ['ALERT_BAD_CERTIFICATE', 'bad certificate'],
  ['ALERT_UNKNOWN_CA', 'unknown certificate authority'],
  ['ALERT_CERTIFICATE_EXPIRED', 'expired certificate'],
  ['ALERT_HANDSHAKE_FAILURE', 'handshake failure'],
  ['ALERT_PROTOCOL_VERSION', 'protocol version not supported'],
];

/** A failure during or right after the TLS handshake with `host`. */
export function tlsErrorText(err: SystemError, host: string): string {
  const code = err.code ?? '';
  if (UNKNOWN_AUTHORITY.has(code)) return 'tls: failed to verify certificate: x509: certificate signed by unknown authority';
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return 'tls: failed to verify certificate: x509: certificate has expired or is not yet valid';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const names = (err.cert?.subjectaltname ?? '').split(', ').map((n) => n.replace(/^(DNS|IP Address):/, '')).filter(Boolean);
    return `tls: failed to verify certificate: x509: certificate is valid for ${names.join(', ')}, not ${host}`;
  }
  for (const [part, text] of ALERTS) if (code.includes(part)) return `remote error: tls: ${text}`;
  // The peer went away mid-handshake.
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'EOF';
  return err.message;
}
