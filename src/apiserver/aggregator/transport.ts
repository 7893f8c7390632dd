// How this server connects to the server behind a remote APIService, as Kubernetes' aggregator
// builds its transport: HTTPS only; the serving certificate verified against spec.caBundle (the
// system's roots without one) for the name <service>.<namespace>.svc, or not at all with
// insecureSkipTLSVerify; this server's proxy client certificate (--proxy-client-cert-file and
// --proxy-client-key-file) presented when it has one; dialled through the egress selector's
// cluster selection when it names a proxy.
import type { SecureContextOptions } from 'node:tls';
import type { APIService } from '../../api/apiregistration/v1/types.ts';
import type { EgressDialer } from '../egress/selector.ts';
import { httpsConnectionOver } from '../egress/https-over.ts';

export interface ProxyClientCertificate {
  cert: string;
  key: string;
}

export interface BackendTls extends SecureContextOptions {
  servername: string;
  /** Node checks the serving certificate for this name, whatever host was dialled. */
  rejectUnauthorized: boolean;
  /** Set when the connection goes through an egress proxy (https-over.ts). */
  agent?: undefined;
  createConnection?: ReturnType<typeof httpsConnectionOver>['createConnection'];
}

export function backendTls(api: APIService, client: ProxyClientCertificate | undefined, clusterDialer?: EgressDialer): BackendTls {
  const service = api.spec.service!;
  const servername = `${service.name}.${service.namespace}.svc`;
  const ca = api.spec.caBundle ? Buffer.from(api.spec.caBundle, 'base64').toString('utf8') : undefined;
  return {
    servername,
    rejectUnauthorized: !api.spec.insecureSkipTLSVerify,
    ...(ca ? { ca } : {}),
    ...(client ? { cert: client.cert, key: client.key } : {}),
    ...httpsConnectionOver(clusterDialer),
  };
}
