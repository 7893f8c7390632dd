// NamespaceAutoProvision: creates the namespace of a new object when it is missing.
import type { AdmissionPlugin } from '../types.ts';
import type { NamespaceAccess } from '../namespace-access.ts';
import { isNamespaceKind } from '../forbidden.ts';

export function namespaceAutoProvision(namespaces: NamespaceAccess): AdmissionPlugin {
  return {
    name: 'NamespaceAutoProvision',
    handles: (op) => op === 'CREATE',
    async admit(attrs) {
      // A dry run must leave nothing behind, not even the namespace.
      if (!attrs.namespace || isNamespaceKind(attrs) || attrs.dryRun) return;
      if (await namespaces.get(attrs.namespace)) return;
      await namespaces.create(attrs.namespace);
    },
  };
}
