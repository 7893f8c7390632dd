// --kvstore-servers-overrides: `group/resource#url;url` entries giving a resource its own
// key-value store, as Kubernetes' --etcd-servers-overrides does (core resources have an empty
// group: `/events#...`). An override applies to every resource stored under the same prefix, so
// events of both groups (which share /registry/events) always follow one another.
import { storagePrefix, type GroupResourceName } from '../../storage/keys.ts';
import { REGISTRY_ROOT } from './kvstore-prefix.ts';

export interface ServersOverride {
  groupResource: GroupResourceName;
  servers: string[];
}

const FORMAT = 'must be of format: group/resource#servers, where servers are URLs, semicolon separated';

/** Parses the flag's entries; throws one line naming the flag and the bad entry. Later entries win. */
export function parseServersOverrides(entries: readonly string[]): ServersOverride[] {
  const byPrefix = new Map<string, ServersOverride>();
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    const hash = entry.indexOf('#');
    const bad = (why: string) => new Error(`--kvstore-servers-overrides: invalid entry ${JSON.stringify(entry)}: ${why}`);
    if (hash < 0) throw bad(FORMAT);
    const parts = entry.slice(0, hash).split('/');
    if (parts.length !== 2 || parts[1]!.trim() === '') throw bad(FORMAT);
    const servers = entry.slice(hash + 1).split(';').map((s) => s.trim()).filter((s) => s !== '');
    if (servers.length === 0) throw bad(FORMAT);
    for (const server of servers) {
      if (!/^(https?|sqlite):\/\/./i.test(server)) throw bad(`${JSON.stringify(server)} is not a URL (http://, https:// or sqlite://PATH)`);
    }
    const groupResource = { group: parts[0]!.trim().toLowerCase(), resource: parts[1]!.trim().toLowerCase() };
    byPrefix.set(storagePrefix(REGISTRY_ROOT, groupResource), { groupResource, servers });
  }
  return [...byPrefix.values()];
}

/** The servers overriding `gr`'s store, if any: the override of any resource sharing its prefix. */
export function overrideFor(overrides: readonly ServersOverride[], gr: GroupResourceName): ServersOverride | undefined {
  const prefix = storagePrefix(REGISTRY_ROOT, gr);
  return overrides.find((o) => storagePrefix(REGISTRY_ROOT, o.groupResource) === prefix);
}

/** One identity per set of servers, whatever their order, so equal sets share one store. */
export function serversKey(servers: readonly string[]): string {
  return [...servers].map((s) => s.trim()).sort().join(';');
}
