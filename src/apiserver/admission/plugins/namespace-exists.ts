// NamespaceExists: refuses writes to namespaced objects whose namespace does not exist.
import { notFound } from '../../../machinery/status.ts';
import type { AdmissionPlugin } from '../types.ts';
import type { NamespaceAccess } from '../namespace-access.ts';
import { isNamespaceKind } from '../forbidden.ts';

export const NAMESPACES = { group: '', resource: 'namespaces' };

export function namespaceExists(namespaces: NamespaceAccess): AdmissionPlugin {
  return {
    name: 'NamespaceExists',
    handles: (op) => op === 'CREATE' || op === 'UPDATE' || op === 'DELETE',
    async validate(attrs) {
      if (!attrs.namespace || isNamespaceKind(attrs)) return;
      if (!(await namespaces.cached(attrs.namespace))) throw notFound(NAMESPACES, attrs.namespace);
    },
  };
}
