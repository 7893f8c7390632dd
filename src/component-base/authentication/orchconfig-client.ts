// The client half of an orchconfig (kubeconfig) file, as webhook configurations use it: the
// current context's cluster (server, certificate authority) and user (client certificate and
// key, or bearer token). Relative file paths are relative to the file.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse } from '../../machinery/lazy/yaml.ts';

export interface WebhookClientConfig {
  server: string;
  ca?: string;
  cert?: string;
  key?: string;
  token?: string;
  insecureSkipTLSVerify: boolean;
}

type Named = { name?: string; [k: string]: unknown };

function pick(list: unknown, name: string | undefined, field: string, source: string): Record<string, unknown> {
  const items = Array.isArray(list) ? (list as Named[]) : [];
  const found = name !== undefined ? items.find((i) => i.name === name) : items[0];
  if (!found) throw new Error(`${source}: no ${field}${name !== undefined ? ` named ${JSON.stringify(name)}` : ''}`);
  const body = found[field];
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

export function loadWebhookClientConfig(path: string, flag: string): WebhookClientConfig {
  const source = `${flag} ${path}`;
  let doc: Record<string, unknown>;
  try {
    const parsed: unknown = parse(readFileSync(path, 'utf8'));
    if (!parsed || typeof parsed !== 'object') throw new Error('not an orchconfig file');
    doc = parsed as Record<string, unknown>;
  } catch (err) {
    throw new Error(`${source}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const base = dirname(path);
  const current = typeof doc['current-context'] === 'string' && doc['current-context'] !== '' ? (doc['current-context'] as string) : undefined;
  const contexts = Array.isArray(doc.contexts) ? (doc.contexts as Named[]) : [];
  const context = current !== undefined || contexts.length ? pick(doc.contexts, current, 'context', source) : {};
  const cluster = pick(doc.clusters, context.cluster as string | undefined, 'cluster', source);
  const hasUsers = Array.isArray(doc.users) && doc.users.length > 0;
  const user = hasUsers ? pick(doc.users, context.user as string | undefined, 'user', source) : {};

  const file = (v: unknown, field: string) => {
    if (typeof v !== 'string' || v === '') return undefined;
    const p = isAbsolute(v) ? v : resolve(base, v);
    try {
      return readFileSync(p, 'utf8');
    } catch (err) {
      throw new Error(`${source}: ${field} ${p}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  };
  const data = (v: unknown) => (typeof v === 'string' && v !== '' ? Buffer.from(v, 'base64').toString('utf8') : undefined);

  const server = cluster.server;
  if (typeof server !== 'string' || !URL.canParse(server)) throw new Error(`${source}: the cluster has no valid server URL`);
  if (new URL(server).protocol !== 'https:') throw new Error(`${source}: the server URL must use https`);
  return {
    server,
    ca: data(cluster['certificate-authority-data']) ?? file(cluster['certificate-authority'], 'certificate-authority'),
    cert: data(user['client-certificate-data']) ?? file(user['client-certificate'], 'client-certificate'),
    key: data(user['client-key-data']) ?? file(user['client-key'], 'client-key'),
    token: typeof user.token === 'string' && user.token !== '' ? user.token : file(user.tokenFile, 'tokenFile')?.trim(),
    insecureSkipTLSVerify: cluster['insecure-skip-tls-verify'] === true,
  };
}
