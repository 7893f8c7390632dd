// The namespace look-ups admission plugins and start-up hooks use, over the installed resource.
import type { Namespace } from '../../../../api/core/v1/namespace-types.ts';
import type { NamespaceAccess } from '../../../admission/namespace-access.ts';
import { isStatusError } from '../../../../machinery/status.ts';
import type { InstalledResource } from '../../generic/context.ts';
import { createObject } from '../../generic/create.ts';
import { getObject } from '../../generic/get.ts';

const SYSTEM_WRITE = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'orch-apiserver' };

/** `resource` is looked up at call time, so admission can be built before the resources are installed. */
export function namespaceAccess(resource: () => InstalledResource<Namespace, Namespace>): NamespaceAccess {
  const lookUp = async (name: string, resourceVersion: string) => {
    try {
      return await getObject(resource(), name, '', resourceVersion);
    } catch (err) {
      if (isStatusError(err) && err.code === 404) return undefined;
      throw err;
    }
  };
  return {
    get: (name) => lookUp(name, ''),
    // resourceVersion "0": any state the server holds, so the watch cache answers.
    cached: (name) => lookUp(name, '0'),
    async create(name) {
      try {
        await createObject(resource(), { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, '', SYSTEM_WRITE);
      } catch (err) {
        if (isStatusError(err) && err.code === 409) return;
        throw err;
      }
    },
  };
}
