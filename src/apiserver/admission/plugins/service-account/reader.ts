// What the ServiceAccount plugin needs of stored service accounts, provided by the composition.
import type { ServiceAccount } from '../../../../api/core/v1/service-account-types.ts';

export interface ServiceAccountReader {
  /**
   * The account, or undefined when it does not exist. `live` reads storage; otherwise the cache
   * answers (it may lag a create by a moment). Read the object, never change it.
   */
  get(namespace: string, name: string, live: boolean): Promise<ServiceAccount | undefined>;
}
