// The controller manager's HTTPS settings from its options: port (0: no HTTPS), bind address, the
// serving certificate (given, or self-signed: kept in --cert-dir when set, in memory otherwise, as
// Kubernetes does), SNI certificates, TLS versions and suites, HTTP/2, and delegated
// authentication and authorization (whose client CA the handshake asks certificates for).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ControllerManagerOptions } from '../../options/controllermanager-options.ts';
import type { SecureServingOptions } from '../../options/shared/secure-serving-options.ts';
import { klog } from '../../component-base/logs/klog.ts';
import { loadCertKeyPair } from '../../component-base/certs/load.ts';
import { generateSelfSignedCertKey, type CertKeyPair } from '../../component-base/certs/self-signed.ts';
import { loadNamedCertKeys, type NamedCertKey } from '../../component-base/certs/sni.ts';
import { buildTlsSettings, type TlsSettings } from '../../component-base/serving/tls-options.ts';
import { buildDelegatedAuthentication, type DelegatedAuthentication } from '../../component-base/delegated/authentication.ts';
import { buildDelegatedAuthorization, type DelegatedAuthorizer } from '../../component-base/delegated/authorization.ts';

const log = klog('controllermanager/serving');

export interface ServingConfig {
  port: number;
  bindAddress: string;
  pair: CertKeyPair;
  sniCerts: NamedCertKey[];
  tls: TlsSettings;
  http2: boolean;
  http2MaxStreams: number;
  permitPortSharing: boolean;
  authentication: DelegatedAuthentication;
  authorizer: DelegatedAuthorizer;
  profiling: boolean;
}

/** undefined when --secure-port is 0: no HTTPS at all. */
export async function completeServing(options: ControllerManagerOptions, userAgent = 'orch-controller-manager'): Promise<ServingConfig | undefined> {
  const serving = options.secureServing;
  const port = serving.securePort;
  if (port === 0) return undefined;
  // '' listens on every interface, as 0.0.0.0 does.
  const bindAddress = serving.bindAddress || '0.0.0.0';
  const tls = buildTlsSettings(serving.tlsMinVersion || undefined, serving.tlsCipherSuites);
  const authentication = await buildDelegatedAuthentication(options.authentication, userAgent);
  if (authentication.clientCA) tls.clientCA = authentication.clientCA;
  return {
    port,
    bindAddress,
    pair: await servingPair(serving, bindAddress),
    sniCerts: loadNamedCertKeys(serving.tlsSniCertKeys),
    tls,
    http2: !serving.disableHttp2,
    http2MaxStreams: serving.http2MaxStreamsPerConnection,
    permitPortSharing: serving.permitPortSharing,
    authentication,
    authorizer: buildDelegatedAuthorization(options.authorization, userAgent),
    profiling: options.debugging.profiling,
  };
}

async function servingPair(serving: SecureServingOptions, bindAddress: string): Promise<CertKeyPair> {
  const certFile = serving.tlsCertFile;
  const keyFile = serving.tlsPrivateKeyFile;
  if (certFile && keyFile) return loadCertKeyPair(certFile, keyFile);
  const alternates = ['127.0.0.1', ...(bindAddress && bindAddress !== '0.0.0.0' && bindAddress !== '::' ? [bindAddress] : [])];
  const certDir = serving.certDir;
  if (!certDir) {
    const { cert, key } = await generateSelfSignedCertKey('localhost', alternates);
    log.info('Generated a self-signed serving certificate in memory (no --cert-dir)', undefined, 1);
    return { certFile: '', keyFile: '', cert, key };
  }
  const pairCert = join(certDir, 'orch-controller-manager.crt');
  const pairKey = join(certDir, 'orch-controller-manager.key');
  if (existsSync(pairCert) && existsSync(pairKey)) {
    return { certFile: pairCert, keyFile: pairKey, cert: readFileSync(pairCert, 'utf8'), key: readFileSync(pairKey, 'utf8') };
  }
  const { cert, key } = await generateSelfSignedCertKey('localhost', alternates);
  try {
    mkdirSync(certDir, { recursive: true, mode: 0o755 });
    writeFileSync(pairCert, cert, { mode: 0o644 });
    writeFileSync(pairKey, key, { mode: 0o600 });
  } catch (err) {
    throw new Error(`unable to write a self-signed serving certificate to --cert-dir ${certDir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  log.info('Generated self-signed cert', { certFile: pairCert, keyFile: pairKey });
  return { certFile: pairCert, keyFile: pairKey, cert, key };
}
