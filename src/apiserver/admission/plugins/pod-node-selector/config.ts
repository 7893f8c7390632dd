// PodNodeSelector's configuration file, in Kubernetes' unversioned format:
//   podNodeSelectorPluginConfig:
//     clusterDefaultNodeSelector: "env=prod"
//     <namespace>: "<label>=<value>,…"
// clusterDefaultNodeSelector applies to namespaces without the annotation; a namespace's entry
// is the whitelist its pods' node selectors must stay within. Go matches the key without regard
// to case and ignores a file it cannot read, and so does this.

export const CLUSTER_DEFAULT_KEY = 'clusterDefaultNodeSelector';

export function readPodNodeSelectorConfig(raw: unknown): Record<string, string> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const entry = Object.entries(raw).find(([key]) => key.toLowerCase() === 'podnodeselectorpluginconfig');
  const selectors = entry?.[1];
  if (!selectors || typeof selectors !== 'object' || Array.isArray(selectors)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(selectors)) if (typeof value === 'string') out[key] = value;
  return out;
}
