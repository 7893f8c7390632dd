// The orchconfig (kubeconfig) file `orch up` writes for kubectl: one cluster, one user and one
// context, all named `orch`. Entries of other names in an existing file are kept as they are.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

export const CONTEXT_NAME = 'orch';

export interface OrchconfigFacts {
  /** https://127.0.0.1:<port> */
  server: string;
  /** PEM of the CA that signed the serving certificate. */
  caPem: string;
  token: string;
}

interface Named {
  name: string;
  [key: string]: unknown;
}

type Config = Record<string, unknown> & {
  clusters?: Named[];
  users?: Named[];
  contexts?: Named[];
};

/** Writes `path` so that its `orch` entries carry `facts`; returns true when the file changed. */
export function writeOrchconfig(path: string, facts: OrchconfigFacts): boolean {
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const config = before ? parseConfig(path, before) : {};
  const after = stringify(withOrchEntries(config, facts));
  if (after === before) return false;
  writeFileSync(path, after, { mode: 0o600 });
  return true;
}

/** Reads the `orch` user's token and cluster CA back from an orchconfig file. */
export function readOrchconfig(path: string): { server?: string; caPem?: string; token?: string } {
  const config = parseConfig(path, readFileSync(path, 'utf8'));
  const cluster = config.clusters?.find((c) => c.name === CONTEXT_NAME)?.cluster as Record<string, string> | undefined;
  const user = config.users?.find((u) => u.name === CONTEXT_NAME)?.user as Record<string, string> | undefined;
  const caData = cluster?.['certificate-authority-data'];
  return {
    server: cluster?.server,
    caPem: caData ? Buffer.from(caData, 'base64').toString('utf8') : undefined,
    token: user?.token,
  };
}

function parseConfig(path: string, text: string): Config {
  const value: unknown = parse(text);
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`${path} is not an orchconfig file`);
  return value as Config;
}

function withOrchEntries(config: Config, facts: OrchconfigFacts): Config {
  const cluster = { server: facts.server, 'certificate-authority-data': Buffer.from(facts.caPem).toString('base64') };
  return {
    apiVersion: 'v1',
    kind: 'Config',
    ...config,
    clusters: upsert(config.clusters, { name: CONTEXT_NAME, cluster }),
    users: upsert(config.users, { name: CONTEXT_NAME, user: { token: facts.token } }),
    contexts: upsert(config.contexts, { name: CONTEXT_NAME, context: { cluster: CONTEXT_NAME, user: CONTEXT_NAME } }),
    'current-context': config['current-context'] ?? CONTEXT_NAME,
  };
}

function upsert(list: Named[] | undefined, entry: Named): Named[] {
  const rest = (list ?? []).filter((e) => e.name !== entry.name);
  return [entry, ...rest];
}
