// The names of a kind stored as it is served (its own group, version and kind): the list kind
// Kubernetes derives from the kind, and the storage keys and version taken from the served ones.
export function servedAsStoredNames(group: string, version: string, kind: string, plural: string) {
  return {
    group,
    version,
    kind,
    listKind: `${kind}List`,
    plural,
    storageResource: { group, resource: plural },
    storageVersion: { group, version, kind },
  };
}
