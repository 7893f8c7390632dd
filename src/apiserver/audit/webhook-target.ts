// --audit-webhook-config-file: an orchconfig (kubeconfig) file naming the webhook's server, the
// CA that signs its certificate and the credentials (client certificate, bearer token) to
// present. The current context is used, else the only cluster and user. Relative file paths are
// relative to the config file, as kubeconfig paths are.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse } from '../../machinery/lazy/yaml.ts';

export interface WebhookTarget {
  url: URL;
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  token?: string;
  insecureSkipTLSVerify: boolean;
  serverName?: string;
}

type Obj = Record<string, unknown>;

function named(list: unknown, name: string | undefined, what: string): Obj | undefined {
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw new Error(`${what}s must be a list`);
  const entries = list.filter((e): e is Obj => typeof e === 'object' && e !== null);
  if (name !== undefined) {
    const found = entries.find((e) => e.name === name);
    if (!found) throw new Error(`${what} ${JSON.stringify(name)} not found`);
    return (found[what] as Obj | undefined) ?? {};
  }
  if (entries.length > 1) throw new Error(`more than one ${what} and no current-context to choose one`);
  return entries[0]?.[what] as Obj | undefined;
}

function fileOrData(entry: Obj, fileKey: string, dataKey: string, base: string): Buffer | undefined {
  const data = entry[dataKey];
  if (typeof data === 'string' && data !== '') return Buffer.from(data, 'base64');
  const file = entry[fileKey];
  if (typeof file === 'string' && file !== '') return readFileSync(isAbsolute(file) ? file : resolve(base, file));
  return undefined;
}

/** Reads the target; throws one line naming what is wrong. */
export function loadWebhookTarget(path: string): WebhookTarget {
  const base = dirname(path);
  const doc = parse(readFileSync(path, 'utf8')) as unknown;
  if (typeof doc !== 'object' || doc === null) throw new Error('not an orchconfig file');
  const config = doc as Obj;
  let clusterName: string | undefined;
  let userName: string | undefined;
  const current = config['current-context'];
  if (typeof current === 'string' && current !== '') {
    const context = named(config.contexts, current, 'context');
    clusterName = typeof context?.cluster === 'string' ? context.cluster : undefined;
    userName = typeof context?.user === 'string' ? context.user : undefined;
  }
  const cluster = named(config.clusters, clusterName, 'cluster');
  const user = named(config.users, userName, 'user') ?? {};
  if (!cluster || typeof cluster.server !== 'string' || cluster.server === '') throw new Error('invalid configuration: no server found for cluster');
  let url: URL;
  try {
    url = new URL(cluster.server);
  } catch {
    throw new Error(`invalid configuration: server ${JSON.stringify(cluster.server)} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`invalid configuration: server ${JSON.stringify(cluster.server)} must be https`);
  const target: WebhookTarget = { url, insecureSkipTLSVerify: cluster['insecure-skip-tls-verify'] === true };
  const ca = fileOrData(cluster, 'certificate-authority', 'certificate-authority-data', base);
  if (ca) target.ca = ca;
  if (typeof cluster['tls-server-name'] === 'string') target.serverName = cluster['tls-server-name'];
  const cert = fileOrData(user, 'client-certificate', 'client-certificate-data', base);
  const key = fileOrData(user, 'client-key', 'client-key-data', base);
  if (Boolean(cert) !== Boolean(key)) throw new Error('invalid configuration: client-certificate and client-key must be given together');
  if (cert && key) {
    target.cert = cert;
    target.key = key;
  }
  if (typeof user.token === 'string' && user.token !== '') target.token = user.token;
  else if (typeof user.tokenFile === 'string' && user.tokenFile !== '') {
    target.token = readFileSync(isAbsolute(user.tokenFile) ? user.tokenFile : resolve(base, user.tokenFile), 'utf8').trim();
  }
  return target;
}
