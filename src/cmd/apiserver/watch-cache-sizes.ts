// --watch-cache-sizes: `resource[.group]#size` entries. 0 turns the watch cache off for that
// resource, as in Kubernetes. Where Kubernetes treats every other size alike, a non-zero size
// here is the number of recent changes the resource's cache keeps (its window).
import type { GroupResourceName } from '../../storage/keys.ts';

/** The size given for `gr`, if any. Later entries win over earlier ones; unparsable sizes are skipped. */
export function watchCacheSize(entries: readonly string[], gr: GroupResourceName): number | undefined {
  const name = gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
  let size: number | undefined;
  for (const entry of entries) {
    const hash = entry.lastIndexOf('#');
    if (hash < 0 || entry.slice(0, hash).trim().toLowerCase() !== name) continue;
    const value = Number(entry.slice(hash + 1).trim());
    if (Number.isInteger(value) && value >= 0) size = value;
  }
  return size;
}

/** True when an entry turns the watch cache off for `gr`. */
export function watchCacheDisabled(entries: readonly string[], gr: GroupResourceName): boolean {
  return watchCacheSize(entries, gr) === 0;
}
