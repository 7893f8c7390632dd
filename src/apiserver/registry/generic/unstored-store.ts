// The store of a resource whose objects are never stored: the review kinds (answered by their
// create alone) and computed kinds such as componentstatuses (answered by their read alone). The
// REST layer never reaches it for those verbs; anything that does is a bug, answered as one.
import type { ApiObject, Store } from '../../../storage/interface.ts';
import { internalError } from '../../../machinery/status.ts';

/** A store that refuses every operation. */
export function unstoredStore<T extends ApiObject>(): Store<T> {
  const refuse = async (): Promise<never> => {
    throw internalError('this resource is not stored');
  };
  return {
    create: refuse,
    get: refuse,
    list: refuse,
    guaranteedUpdate: refuse,
    delete: refuse,
    watch: refuse,
    currentRevision: refuse,
    count: refuse,
    close: async () => {},
  };
}
