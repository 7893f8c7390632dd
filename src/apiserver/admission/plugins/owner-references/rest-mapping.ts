// Kind -> resource for owner references: the server's own served kinds stand in for Kubernetes'
// REST mapper (the owner of an ownerReference is named by apiVersion and kind).
export interface ServedKind {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** The mapping, or an Error worded as Kubernetes' "no matches for kind". */
export function restMapping(kinds: readonly ServedKind[], apiVersion: string, kind: string): ServedKind | Error {
  const { group, version } = parseApiVersion(apiVersion);
  const found = kinds.find((k) => k.group === group && k.version === version && k.kind === kind);
  return found ?? new Error(`no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}`);
}
