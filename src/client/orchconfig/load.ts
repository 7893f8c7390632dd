// Reading an orchconfig file into a ConnectionConfig: the current context picks a cluster and a
// user; relative file paths resolve against the file's directory; `--master` overrides the
// server. Errors name the file and the missing piece.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse } from 'yaml';
import type { ConnectionConfig, Orchconfig } from './types.ts';

export interface LoadOptions {
  /** The --orchconfig path ('' or undefined: none). */
  path?: string;
  /** The --master value, overriding the cluster's server. */
  master?: string;
  /** A context other than current-context. */
  context?: string;
}

export function parseOrchconfig(text: string, source: string): Orchconfig {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (err) {
    throw new Error(`invalid orchconfig ${source}: ${(err as Error).message}`);
  }
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new Error(`invalid orchconfig ${source}: not a mapping`);
  const config = doc as Orchconfig;
  if (config.kind !== undefined && config.kind !== 'Config') throw new Error(`invalid orchconfig ${source}: kind ${JSON.stringify(config.kind)}, want Config`);
  return config;
}

/** Normalises a --master or server value: a bare host:port means https. */
export function normaliseServer(server: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(server) ? server : `https://${server}`;
  return withScheme.replace(/\/+$/, '');
}

export function loadConnectionConfig(opts: LoadOptions): ConnectionConfig {
  const master = opts.master ? normaliseServer(opts.master) : undefined;
  if (!opts.path) {
    if (!master) throw new Error('neither --orchconfig nor --master was specified: the API server cannot be reached');
    return { host: master };
  }
  const source = opts.path;
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (err) {
    throw new Error(`unable to read orchconfig ${source}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const config = parseOrchconfig(text, source);
  const base = dirname(resolve(source));
  const file = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  const read = (p: string, what: string): Buffer => {
    try {
      return readFileSync(file(p));
    } catch (err) {
      throw new Error(`orchconfig ${source}: unable to read ${what} ${p}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  };

  const contextName = opts.context || config['current-context'];
  const context = contextName ? config.contexts?.find((c) => c.name === contextName)?.context : undefined;
  if (contextName && !context) throw new Error(`orchconfig ${source}: context ${JSON.stringify(contextName)} does not exist`);
  if (!context && !master) throw new Error(`orchconfig ${source}: no current-context is set and --master is not given`);
  const cluster = context ? config.clusters?.find((c) => c.name === context.cluster)?.cluster : undefined;
  if (context && !cluster && !master) throw new Error(`orchconfig ${source}: cluster ${JSON.stringify(context.cluster)} does not exist`);
  const user = context?.user ? config.users?.find((u) => u.name === context.user)?.user : undefined;
  if (context?.user && !user) throw new Error(`orchconfig ${source}: user ${JSON.stringify(context.user)} does not exist`);

  const server = master ?? (cluster?.server ? normaliseServer(cluster.server) : undefined);
  if (!server) throw new Error(`orchconfig ${source}: cluster ${JSON.stringify(context?.cluster)} has no server`);
  const out: ConnectionConfig = { host: server };
  if (cluster?.['certificate-authority-data']) out.caData = Buffer.from(cluster['certificate-authority-data'], 'base64');
  else if (cluster?.['certificate-authority']) out.caData = read(cluster['certificate-authority'], 'certificate-authority');
  if (cluster?.['insecure-skip-tls-verify']) out.insecureSkipTLSVerify = true;
  if (cluster?.['tls-server-name']) out.serverName = cluster['tls-server-name'];
  if (user) {
    if (user.token) out.bearerToken = user.token;
    else if (user.tokenFile) {
      out.bearerTokenFile = file(user.tokenFile);
      read(user.tokenFile, 'tokenFile');
    }
    if (user['client-certificate-data']) out.certData = Buffer.from(user['client-certificate-data'], 'base64');
    else if (user['client-certificate']) out.certData = read(user['client-certificate'], 'client-certificate');
    if (user['client-key-data']) out.keyData = Buffer.from(user['client-key-data'], 'base64');
    else if (user['client-key']) out.keyData = read(user['client-key'], 'client-key');
    if (Boolean(out.certData) !== Boolean(out.keyData)) {
      throw new Error(`orchconfig ${source}: user ${JSON.stringify(context?.user)} has a client certificate without a key, or a key without a certificate`);
    }
    if (user.username) out.username = user.username;
    if (user.password) out.password = user.password;
  }
  if (context?.namespace) out.namespace = context.namespace;
  return out;
}
