// The certificates and keys of a local control plane: a CA kept in the data directory, a serving
// certificate for the loopback names signed by it, the service account token signing key, and the
// pair the API server and the node agents authenticate each other with (the agents' serving
// certificate, the API server's client certificate for them). Made once; certificates are
// re-issued from the same CA when they near expiry, so orchconfig files stay valid.
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ECDSA_P256, generateKeyPair, importPrivateKey, privateKeyPem, publicKeyPem } from '../component-base/certs/keys.ts';

export interface PkiFiles {
  caCertFile: string;
  caKeyFile: string;
  servingCertFile: string;
  servingKeyFile: string;
  /** Signs service account tokens (--service-account-signing-key-file). */
  serviceAccountKeyFile: string;
  /** Its public half, which verifies them (--service-account-key-file). */
  serviceAccountPublicKeyFile: string;
  /** The node agents serve with it (on the loopback names). */
  nodeAgentServingCertFile: string;
  nodeAgentServingKeyFile: string;
  /** The API server presents it to node agents (--nodeagent-client-certificate). */
  nodeAgentClientCertFile: string;
  nodeAgentClientKeyFile: string;
  /** The front proxy CA: extension API servers trust the aggregator's client certificate by it. */
  frontProxyCaCertFile: string;
  frontProxyCaKeyFile: string;
  /** The API server presents it to extension API servers (--proxy-client-cert-file). */
  frontProxyClientCertFile: string;
  frontProxyClientKeyFile: string;
}

export interface Pki {
  files: PkiFiles;
  caPem: string;
  /** True when this call wrote a new CA. */
  createdCa: boolean;
  /** True when this call wrote a new serving certificate. */
  issuedServing: boolean;
}

const DAY = 24 * 3600_000;
const CA_LIFETIME = 10 * 365 * DAY;
const SERVING_LIFETIME = 365 * DAY;
/** Re-issue the serving certificate when less than this remains. */
const RENEW_BEFORE = 30 * DAY;
const SERVING_NAMES = ['localhost', '127.0.0.1', '::1'];
/** The name the aggregator checks the node agents' metrics API for: its Service, <name>.<namespace>.svc. */
export const NODE_AGENT_METRICS_NAME = 'nodeagent-metrics.orch-system.svc';
/** The front proxy client's CommonName, the one name extension API servers accept (as kubeadm names it). */
export const FRONT_PROXY_CLIENT_NAME = 'front-proxy-client';

export function pkiFiles(pkiDir: string): PkiFiles {
  return {
    caCertFile: join(pkiDir, 'ca.crt'),
    caKeyFile: join(pkiDir, 'ca.key'),
    servingCertFile: join(pkiDir, 'apiserver.crt'),
    servingKeyFile: join(pkiDir, 'apiserver.key'),
    serviceAccountKeyFile: join(pkiDir, 'sa.key'),
    serviceAccountPublicKeyFile: join(pkiDir, 'sa.pub'),
    nodeAgentServingCertFile: join(pkiDir, 'nodeagent.crt'),
    nodeAgentServingKeyFile: join(pkiDir, 'nodeagent.key'),
    nodeAgentClientCertFile: join(pkiDir, 'apiserver-nodeagent-client.crt'),
    nodeAgentClientKeyFile: join(pkiDir, 'apiserver-nodeagent-client.key'),
    frontProxyCaCertFile: join(pkiDir, 'front-proxy-ca.crt'),
    frontProxyCaKeyFile: join(pkiDir, 'front-proxy-ca.key'),
    frontProxyClientCertFile: join(pkiDir, 'front-proxy-client.crt'),
    frontProxyClientKeyFile: join(pkiDir, 'front-proxy-client.key'),
  };
}

/** Creates what is missing under `pkiDir` and returns the CA to trust. */
export async function ensurePki(pkiDir: string, now: Date = new Date()): Promise<Pki> {
  mkdirSync(pkiDir, { recursive: true, mode: 0o700 });
  const files = pkiFiles(pkiDir);

  let createdCa = false;
  if (!existsSync(files.caCertFile) || !existsSync(files.caKeyFile)) {
    await writeCa(files, now);
    createdCa = true;
  }
  const caPem = readFileSync(files.caCertFile, 'utf8');
  const ca = new X509Certificate(caPem);

  let issuedServing = false;
  if (createdCa || !certUsable(files.servingCertFile, files.servingKeyFile, ca, now)) {
    await writeServing(files, caPem, now);
    issuedServing = true;
  }
  if (createdCa || !certUsable(files.nodeAgentServingCertFile, files.nodeAgentServingKeyFile, ca, now, [NODE_AGENT_METRICS_NAME])) await writeNodeAgentServing(files, caPem, now);
  if (createdCa || !certUsable(files.nodeAgentClientCertFile, files.nodeAgentClientKeyFile, ca, now)) await writeNodeAgentClient(files, caPem, now);
  await ensureFrontProxy(files, now);
  // Tokens already handed out stay valid only while this key is kept: never replace it.
  if (!existsSync(files.serviceAccountKeyFile) || !existsSync(files.serviceAccountPublicKeyFile)) await writeServiceAccountKey(files);
  return { files, caPem, createdCa, issuedServing };
}

function certUsable(certFile: string, keyFile: string, ca: X509Certificate, now: Date, dnsNames: string[] = []): boolean {
  if (!existsSync(certFile) || !existsSync(keyFile)) return false;
  try {
    const cert = new X509Certificate(readFileSync(certFile, 'utf8'));
    const names = (cert.subjectAltName ?? '').split(', ');
    if (!dnsNames.every((n) => names.includes(`DNS:${n}`))) return false;
    return cert.checkIssued(ca) && cert.verify(ca.publicKey) && cert.validToDate.getTime() - now.getTime() > RENEW_BEFORE;
  } catch {
    return false;
  }
}

// The X.509 library is loaded only when something has to be made: a restart with everything in
// place does not pay for it.
async function writeCa(files: PkiFiles, now: Date): Promise<void> {
  const { createCA } = await import('../component-base/certs/issue.ts');
  const ca = await createCA({ commonName: `orch-ca@${Math.floor(now.getTime() / 1000)}`, lifetimeMs: CA_LIFETIME, now, algorithm: ECDSA_P256 });
  writeFileSync(files.caKeyFile, ca.keyPem, { mode: 0o600 });
  writeFileSync(files.caCertFile, ca.certPem);
}

async function writeServing(files: PkiFiles, caPem: string, now: Date): Promise<void> {
  const { issueServingCert } = await import('../component-base/certs/issue.ts');
  const caKey = await importPrivateKey(readFileSync(files.caKeyFile, 'utf8'), ECDSA_P256);
  const serving = await issueServingCert({ ca: caPem, caKey, commonName: 'orch-apiserver', names: SERVING_NAMES, lifetimeMs: SERVING_LIFETIME, now, algorithm: ECDSA_P256 });
  writeFileSync(files.servingKeyFile, serving.keyPem, { mode: 0o600 });
  writeFileSync(files.servingCertFile, serving.certPem);
}

async function writeNodeAgentServing(files: PkiFiles, caPem: string, now: Date): Promise<void> {
  const { issueServingCert } = await import('../component-base/certs/issue.ts');
  const caKey = await importPrivateKey(readFileSync(files.caKeyFile, 'utf8'), ECDSA_P256);
  const serving = await issueServingCert({ ca: caPem, caKey, commonName: 'orch-nodeagent', names: [...SERVING_NAMES, NODE_AGENT_METRICS_NAME], lifetimeMs: SERVING_LIFETIME, now, algorithm: ECDSA_P256 });
  writeFileSync(files.nodeAgentServingKeyFile, serving.keyPem, { mode: 0o600 });
  writeFileSync(files.nodeAgentServingCertFile, serving.certPem);
}

async function writeNodeAgentClient(files: PkiFiles, caPem: string, now: Date): Promise<void> {
  const { issueClientCert } = await import('../component-base/certs/issue.ts');
  const caKey = await importPrivateKey(readFileSync(files.caKeyFile, 'utf8'), ECDSA_P256);
  const client = await issueClientCert({ ca: caPem, caKey, commonName: 'orch-apiserver-nodeagent-client', lifetimeMs: SERVING_LIFETIME, now, algorithm: ECDSA_P256 });
  writeFileSync(files.nodeAgentClientKeyFile, client.keyPem, { mode: 0o600 });
  writeFileSync(files.nodeAgentClientCertFile, client.certPem);
}

/** The front proxy CA (made once, apart from the cluster CA) and the aggregator's client certificate of it. */
async function ensureFrontProxy(files: PkiFiles, now: Date): Promise<void> {
  const { createCA, issueClientCert } = await import('../component-base/certs/issue.ts');
  const made = !existsSync(files.frontProxyCaCertFile) || !existsSync(files.frontProxyCaKeyFile);
  if (made) {
    const ca = await createCA({ commonName: `front-proxy-ca@${Math.floor(now.getTime() / 1000)}`, lifetimeMs: CA_LIFETIME, now, algorithm: ECDSA_P256 });
    writeFileSync(files.frontProxyCaKeyFile, ca.keyPem, { mode: 0o600 });
    writeFileSync(files.frontProxyCaCertFile, ca.certPem);
  }
  const caPem = readFileSync(files.frontProxyCaCertFile, 'utf8');
  if (!made && certUsable(files.frontProxyClientCertFile, files.frontProxyClientKeyFile, new X509Certificate(caPem), now)) return;
  const caKey = await importPrivateKey(readFileSync(files.frontProxyCaKeyFile, 'utf8'), ECDSA_P256);
  const client = await issueClientCert({ ca: caPem, caKey, commonName: FRONT_PROXY_CLIENT_NAME, lifetimeMs: SERVING_LIFETIME, now, algorithm: ECDSA_P256 });
  writeFileSync(files.frontProxyClientKeyFile, client.keyPem, { mode: 0o600 });
  writeFileSync(files.frontProxyClientCertFile, client.certPem);
}

async function writeServiceAccountKey(files: PkiFiles): Promise<void> {
  const keys = await generateKeyPair(ECDSA_P256);
  writeFileSync(files.serviceAccountKeyFile, await privateKeyPem(keys.privateKey), { mode: 0o600 });
  writeFileSync(files.serviceAccountPublicKeyFile, await publicKeyPem(keys.publicKey));
}
