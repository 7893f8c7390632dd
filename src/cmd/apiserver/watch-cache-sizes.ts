// --watch-cache-sizes: `resource[.group]#size` entries. Only 0 means anything (no watch cache for
// that resource); every other size keeps the cache on, as in Kubernetes.
import type { GroupResourceName } from '../../storage/keys.ts';

/** True when an entry turns the watch cache off for `gr`. Later entries win over earlier ones. */
export function watchCacheDisabled(entries: readonly string[], gr: GroupResourceName): boolean {
  const name = gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
  let disabled = false;
  for (const entry of entries) {
    const hash = entry.lastIndexOf('#');
    if (hash < 0 || entry.slice(0, hash).trim().toLowerCase() !== name) continue;
    disabled = Number(entry.slice(hash + 1).trim()) === 0;
  }
  return disabled;
}
