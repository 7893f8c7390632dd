// What the namespace plugins need of the namespaces resource, provided by the composition.
import type { ApiObject } from '../../storage/interface.ts';

export interface NamespaceObject extends ApiObject {
  status?: { phase?: string };
}

export interface NamespaceAccess {
  /** The namespace, or undefined when it does not exist. */
  get(name: string): Promise<NamespaceObject | undefined>;
  /** Creates the namespace; an existing one is not an error. */
  create(name: string): Promise<void>;
}
