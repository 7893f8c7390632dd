// HTTPS serving rows shared by both daemons; each daemon picks its group, port and cert dir.
import type { FlagSpec } from '../flag.ts';

export interface SecureServingDefaults {
  group: string;
  securePort: string;
  certDir: string;
}

export function secureServingFlags(d: SecureServingDefaults): FlagSpec[] {
  const group = d.group;
  return [
    { name: 'bind-address', type: 'string', default: '0.0.0.0', group, status: 'implemented', valueName: 'ip',
      help: 'Address to listen on for the secure port. Blank or unspecified (0.0.0.0 or ::) means all interfaces and all address families. The interfaces must be reachable by the rest of the cluster and by clients.' },
    { name: 'secure-port', type: 'int', default: d.securePort, group, status: 'implemented',
      help: 'Port to serve HTTPS with authentication and authorization on. It cannot be switched off with 0.' },
    { name: 'cert-dir', type: 'string', default: d.certDir, group, status: 'implemented',
      help: 'Directory holding the TLS certificates. Ignored when --tls-cert-file and --tls-private-key-file are both given.' },
    { name: 'tls-cert-file', type: 'string', group, status: 'implemented',
      help: 'File with the default x509 certificate for HTTPS (a CA certificate, if any, appended after the server certificate). When HTTPS is on and neither this nor --tls-private-key-file is given, a self-signed certificate and key are generated for the public address and saved under --cert-dir.' },
    { name: 'tls-private-key-file', type: 'string', group, status: 'implemented',
      help: 'File with the default x509 private key matching --tls-cert-file.' },
    { name: 'tls-sni-cert-key', type: 'string', repeatable: true, group, status: 'implemented', valueName: 'namedCertKey',
      help: 'A pair of x509 certificate and private key file paths, optionally followed by a list of domain patterns (fully qualified domain names, possibly with a wildcard first segment). IP addresses are allowed only if the server can see the IP the client asked for. Without patterns the certificate\'s own names are used. A non-wildcard match beats a wildcard match; an explicit pattern beats an extracted name. Repeat the flag for several pairs. Examples: "example.crt,example.key" or "foo.crt,foo.key:*.foo.com,foo.com".' },
    { name: 'tls-min-version', type: 'string', group, status: 'implemented',
      help: 'Minimum TLS version supported. Possible values: VersionTLS10, VersionTLS11, VersionTLS12, VersionTLS13.' },
    { name: 'tls-cipher-suites', type: 'strings', group, status: 'implemented',
      help: 'Comma-separated list of cipher suites for the server. If omitted, the default suites are used. Preferred values: TLS_AES_128_GCM_SHA256, TLS_AES_256_GCM_SHA384, TLS_CHACHA20_POLY1305_SHA256, TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA, TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA, TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305, TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA, TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA, TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305, TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256. Insecure values: TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256, TLS_ECDHE_ECDSA_WITH_RC4_128_SHA, TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA, TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256, TLS_ECDHE_RSA_WITH_RC4_128_SHA, TLS_RSA_WITH_3DES_EDE_CBC_SHA, TLS_RSA_WITH_AES_128_CBC_SHA, TLS_RSA_WITH_AES_128_CBC_SHA256, TLS_RSA_WITH_AES_128_GCM_SHA256, TLS_RSA_WITH_AES_256_CBC_SHA, TLS_RSA_WITH_AES_256_GCM_SHA384, TLS_RSA_WITH_RC4_128_SHA.' },
    { name: 'disable-http2-serving', type: 'bool', default: 'false', group, status: 'implemented',
      help: 'If true, HTTP/2 serving is disabled.' },
    { name: 'http2-max-streams-per-connection', type: 'int', group, status: 'implemented',
      help: 'Limit the server gives to clients for the maximum number of streams in an HTTP/2 connection. Zero means the implementation\'s default.' },
    { name: 'permit-address-sharing', type: 'bool', default: 'false', group, status: 'implemented',
      help: 'If true, SO_REUSEADDR is used when binding the port, so binding to wildcard IPs like 0.0.0.0 and specific IPs in parallel is possible, and waiting for the kernel to release sockets in TIME_WAIT state is avoided.' },
    { name: 'permit-port-sharing', type: 'bool', default: 'false', group, status: 'implemented',
      help: 'If true, SO_REUSEPORT is used when binding the port, which lets more than one instance bind on the same address and port.' },
  ];
}
