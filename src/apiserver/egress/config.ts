// --egress-selector-config-file: an EgressSelectorConfiguration naming, for each kind of
// destination the server dials (cluster: webhooks, aggregated servers and node agents;
// controlplane; etcd), whether it is dialled directly or through an HTTP CONNECT proxy reached by
// TCP (http or https) or a Unix socket. Kubernetes' third protocol, GRPC (konnectivity), has no
// maintained Node client, so a file that asks for it is refused by name.
//
// The file is read and checked as a whole; every problem is named by its field, as Kubernetes'
// validation names them, and a bad file stops the start.
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from '../../machinery/lazy/yaml.ts';

/** The group spellings this server reads; apiserver.orch.io is the older group of the beta and alpha versions. */
export const EGRESS_CONFIG_API_VERSIONS: readonly string[] = [
  'apiserver.config.orch.io/v1',
  'apiserver.config.orch.io/v1beta1',
  'apiserver.config.orch.io/v1alpha1',
  'apiserver.orch.io/v1beta1',
  'apiserver.orch.io/v1alpha1',
];

export const EGRESS_SELECTION_NAMES = ['cluster', 'controlplane', 'etcd'] as const;
export type EgressSelectionName = (typeof EGRESS_SELECTION_NAMES)[number];

export interface ProxyTls {
  /** PEM text of the authority the proxy's certificate is checked against; none: the system's roots. */
  ca?: string;
  cert: string;
  key: string;
}

/** How a selection's connections are made. */
export type EgressConnection =
  | { protocol: 'Direct' }
  | { protocol: 'HTTPConnect'; proxy: { kind: 'tcp'; url: URL; tls?: ProxyTls } | { kind: 'uds'; path: string } };

export type EgressConfig = Map<EgressSelectionName, EgressConnection>;

export class EgressConfigError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function readDocument(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new EgressConfigError(`unable to read egress selector configuration from ${JSON.stringify(file)}: ${(err as Error).message}`);
  }
  try {
    return parseYaml(text);
  } catch (err) {
    throw new EgressConfigError(`unable to parse egress selector configuration ${JSON.stringify(file)}: ${(err as Error).message.split('\n')[0]}`);
  }
}

function readPem(path: string, field: string, what: string, problems: string[]): string | undefined {
  if (!existsSync(path)) {
    problems.push(`${field}: Invalid value: ${JSON.stringify(path)}: ${what} does not exist`);
    return undefined;
  }
  return readFileSync(path, 'utf8');
}

function proxyTls(raw: unknown, field: string, problems: string[]): ProxyTls | undefined {
  if (!isObj(raw)) {
    problems.push(`${field}: Required value: TLSConfig must be present when using HTTPS`);
    return undefined;
  }
  const path = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : '');
  const ca = path('caBundle') ? readPem(path('caBundle'), `${field}.caBundle`, 'TLS config ca bundle', problems) : undefined;
  const need = (key: 'clientCert' | 'clientKey', what: string) => {
    if (!path(key)) {
      problems.push(`${field}.${key}: Invalid value: "nil": Using TLS requires ${key}`);
      return undefined;
    }
    return readPem(path(key), `${field}.${key}`, what, problems);
  };
  const cert = need('clientCert', 'TLS client cert');
  const key = need('clientKey', 'TLS client key');
  return cert !== undefined && key !== undefined ? { ...(ca !== undefined ? { ca } : {}), cert, key } : undefined;
}

function httpConnect(transport: unknown, field: string, problems: string[]): EgressConnection | undefined {
  if (!isObj(transport)) {
    problems.push(`${field}.transport: Required value: transport must be set for HTTPConnect`);
    return undefined;
  }
  const { tcp, uds } = transport;
  if (tcp !== undefined && uds !== undefined) {
    problems.push(`${field}.tcp: Invalid value: TCP and UDS cannot both be set`);
    return undefined;
  }
  if (isObj(uds)) {
    const path = typeof uds.udsName === 'string' ? uds.udsName : '';
    if (!path) problems.push(`${field}.udsName: Invalid value: "nil": must be present for UDS connections`);
    return path ? { protocol: 'HTTPConnect', proxy: { kind: 'uds', path } } : undefined;
  }
  if (!isObj(tcp)) {
    problems.push(`${field}.tcp: Required value: One of TCP or UDS must be set`);
    return undefined;
  }
  const text = typeof tcp.url === 'string' ? tcp.url : '';
  if (!text.startsWith('http://') && !text.startsWith('https://')) {
    problems.push(`${field}.url: Invalid value: ${JSON.stringify(text)}: supported connection protocols are http:// and https://`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.push(`${field}.url: Invalid value: ${JSON.stringify(text)}: not a URL`);
    return undefined;
  }
  if (url.protocol === 'http:') {
    if (tcp.tlsConfig !== undefined && tcp.tlsConfig !== null) problems.push(`${field}.tlsConfig: Invalid value: "nil": config must not be present when using HTTP`);
    return { protocol: 'HTTPConnect', proxy: { kind: 'tcp', url } };
  }
  const tls = proxyTls(tcp.tlsConfig, `${field}.tlsConfig`, problems);
  return tls ? { protocol: 'HTTPConnect', proxy: { kind: 'tcp', url, tls } } : undefined;
}

function connection(raw: unknown, field: string, problems: string[]): EgressConnection | undefined {
  const conn = isObj(raw) ? raw : {};
  const protocol = conn.proxyProtocol;
  if (protocol === 'Direct') {
    if (conn.transport !== undefined && conn.transport !== null) {
      problems.push(`${field}.transport: Invalid value: "direct": config must be absent for direct connect`);
      return undefined;
    }
    return { protocol: 'Direct' };
  }
  if (protocol === 'HTTPConnect') return httpConnect(conn.transport, field, problems);
  if (protocol === 'GRPC') {
    problems.push(`${field}.proxyProtocol: Unsupported value: "GRPC": konnectivity's GRPC protocol is not supported by this server; use "HTTPConnect" (the konnectivity server serves it too) or "Direct"`);
    return undefined;
  }
  problems.push(`${field}.protocol: Unsupported value: ${JSON.stringify(protocol ?? '')}: supported values: "Direct", "GRPC", "HTTPConnect"`);
  return undefined;
}

/** The configuration in `file`; selections it does not name are dialled directly. */
export function loadEgressConfig(file: string): EgressConfig {
  const doc = readDocument(file);
  const where = `egress selector configuration ${JSON.stringify(file)}`;
  if (!isObj(doc)) throw new EgressConfigError(`${where} is not an object`);
  if (doc.kind !== 'EgressSelectorConfiguration' || !EGRESS_CONFIG_API_VERSIONS.includes(String(doc.apiVersion))) {
    throw new EgressConfigError(
      `${where}: expected kind EgressSelectorConfiguration of ${EGRESS_CONFIG_API_VERSIONS.join(', ')}; got ${JSON.stringify(doc.kind ?? '')} of ${JSON.stringify(doc.apiVersion ?? '')}`,
    );
  }
  const selections = doc.egressSelections ?? [];
  if (!Array.isArray(selections)) throw new EgressConfigError(`${where}: egressSelections must be a list`);
  const problems: string[] = [];
  const config: EgressConfig = new Map();
  const seen = new Set<string>();
  selections.forEach((raw, i) => {
    const entry = isObj(raw) ? raw : {};
    const field = `egressSelections[${i}]`;
    // Names compare without case, as Kubernetes canonicalises them; "master" is the old name of controlplane.
    let name = String(entry.name ?? '').toLowerCase();
    if (name === 'master') name = 'controlplane';
    const conn = connection(entry.connection, `${field}.connection`, problems);
    if (seen.has(name)) {
      problems.push(`${field}.name: Duplicate value: ${JSON.stringify(name)}`);
      return;
    }
    seen.add(name);
    if (!(EGRESS_SELECTION_NAMES as readonly string[]).includes(name)) {
      problems.push(`${field}.name: Unsupported value: ${JSON.stringify(name)}: supported values: "cluster", "controlplane", "etcd"`);
      return;
    }
    if (conn) config.set(name as EgressSelectionName, conn);
  });
  if (problems.length) throw new EgressConfigError(`invalid ${where}: ${problems.join(', ')}`);
  return config;
}
