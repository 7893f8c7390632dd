// What the namespace plugins need of the namespaces resource, provided by the composition.
import type { ApiObject } from '../../api/meta/v1/types.ts';

export interface NamespaceObject extends ApiObject {
  status?: { phase?: string };
}

export interface NamespaceAccess {
  /** The namespace, or undefined when it does not exist. */
  get(name: string): Promise<NamespaceObject | undefined>;
  /**
   * The namespace as the watch cache holds it, as Kubernetes' plugins read a namespace lister:
   * it may lag a write by the time a watch event takes to arrive. A namespace the cache does not
   * hold is looked up in the store. The object may be shared and frozen: read it, never change it.
   * A namespace in memory is answered at once; a promise only when the store is asked.
   */
  cached(name: string): NamespaceObject | undefined | Promise<NamespaceObject | undefined>;
  /** Creates the namespace; an existing one is not an error. */
  create(name: string): Promise<void>;
}
