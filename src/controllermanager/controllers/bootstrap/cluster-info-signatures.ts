// The signatures the cluster-info ConfigMap should carry: one `jws-kubeconfig-<token id>` entry per
// signing token over its `kubeconfig`, stale and unknown signatures dropped. Returns the new data
// only when something differs, as Kubernetes updates the map only then.
import { detachedSignature } from './jws.ts';

export const KUBECONFIG_KEY = 'kubeconfig';
export const SIGNATURE_KEY_PREFIX = 'jws-kubeconfig-';

export function signedClusterInfo(data: Readonly<Record<string, string>> | undefined, tokens: ReadonlyArray<{ id: string; secret: string }>): Record<string, string> | undefined {
  const content = data?.[KUBECONFIG_KEY];
  if (content === undefined) return undefined;
  const next: Record<string, string> = {};
  const old = new Map<string, string>();
  for (const [key, value] of Object.entries(data ?? {})) {
    if (key.startsWith(SIGNATURE_KEY_PREFIX)) old.set(key.slice(SIGNATURE_KEY_PREFIX.length), value);
    else next[key] = value;
  }
  let changed = false;
  for (const token of tokens) {
    const signature = detachedSignature(content, token.id, token.secret);
    if (old.get(token.id) !== signature) changed = true;
    old.delete(token.id);
    next[SIGNATURE_KEY_PREFIX + token.id] = signature;
  }
  if (old.size) changed = true;
  return changed ? next : undefined;
}
