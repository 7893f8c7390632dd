// Service accounts and secrets (and pods and nodes, once served) read from their stores: for the
// token subresource (a missing object is the API's 404) and for the service account
// authenticator's --service-account-lookup (a missing object is null), which is what makes a
// token bound to a pod stop working once the pod is gone or replaced by one of another uid.
import type { ServiceAccount } from '../../api/core/v1/service-account-types.ts';
import type { Secret } from '../../api/core/v1/secret-types.ts';
import type { Pod } from '../../api/core/v1/pod-types.ts';
import type { Node } from '../../api/core/v1/node-types.ts';
import { getObject } from '../registry/generic/get.ts';
import type { InstalledResource } from '../registry/generic/context.ts';
import type { ServiceAccountGetter, StoredRef } from '../authentication/service-account.ts';
import { isNotFound } from '../../machinery/status.ts';
import type { BoundObjectGetters } from './token-request.ts';

export interface StoredAccounts {
  serviceAccounts: InstalledResource<ServiceAccount, ServiceAccount>;
  secrets: InstalledResource<Secret, Secret>;
  pods?: InstalledResource<Pod, Pod>;
  nodes?: InstalledResource<Node, Node>;
}

export function boundObjectGetters(stores: StoredAccounts): BoundObjectGetters {
  return {
    getServiceAccount: (namespace, name) => getObject(stores.serviceAccounts, name, namespace),
    getSecret: async (namespace, name) => {
      const secret = await getObject(stores.secrets, name, namespace);
      return { name, uid: secret.metadata.uid ?? '' };
    },
    ...(stores.pods && {
      getPod: async (namespace: string, name: string) => {
        const pod = await getObject(stores.pods!, name, namespace);
        return { name, uid: pod.metadata.uid ?? '', serviceAccountName: pod.spec?.serviceAccountName ?? '', ...(pod.spec?.nodeName ? { nodeName: pod.spec.nodeName } : {}) };
      },
    }),
    ...(stores.nodes && {
      getNode: async (name: string) => ({ name, uid: (await getObject(stores.nodes!, name, '')).metadata.uid ?? '' }),
    }),
  };
}

async function refOrNull(read: () => Promise<{ metadata: { uid?: string; deletionTimestamp?: string } }>): Promise<StoredRef | null> {
  try {
    const obj = await read();
    return { uid: obj.metadata.uid ?? '', ...(obj.metadata.deletionTimestamp ? { deletionTimestamp: obj.metadata.deletionTimestamp } : {}) };
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** What the authenticator consults with --service-account-lookup. */
export function serviceAccountGetter(stores: StoredAccounts): ServiceAccountGetter {
  return {
    getServiceAccount: (namespace, name) => refOrNull(() => getObject(stores.serviceAccounts, name, namespace)),
    getSecret: (namespace, name) => refOrNull(() => getObject(stores.secrets, name, namespace)),
    ...(stores.pods && { getPod: (namespace: string, name: string) => refOrNull(() => getObject(stores.pods!, name, namespace)) }),
    ...(stores.nodes && { getNode: (name: string) => refOrNull(() => getObject(stores.nodes!, name, '')) }),
  };
}
