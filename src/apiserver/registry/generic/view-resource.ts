// A view subresource (scale) installed as a resource of its own: its declaration serves the view's
// kind under the parent's path, and its store reads and writes the parent's objects, mapping each
// through the view. A write runs the parent's update rules (prepareForUpdate, validateUpdate), as
// Kubernetes' scale storage updates the parent through its strategy, inside one guaranteed update.
import type { ApiObject, Store } from '../../../storage/interface.ts';
import { internalError, invalid } from '../../../machinery/status.ts';
import { inertStrategy, type SubresourceView, type Verb } from '../resource.ts';
import { groupKind, served, type InstalledResource } from './context.ts';

function viewStore<T extends ApiObject, S extends ApiObject>(parent: InstalledResource<T, S>, view: SubresourceView<T>): Store<ApiObject> {
  const decl = parent.declaration;
  const refuse = async (): Promise<never> => {
    throw internalError('a view subresource is only read and updated');
  };
  return {
    async get(key, opts) {
      const stored = await parent.store.get(key, opts);
      return stored && view.toView(served(decl, stored));
    },
    async guaranteedUpdate(key, opts) {
      const stored = await parent.store.guaranteedUpdate(key, {
        ...opts,
        ignoreNotFound: false,
        tryUpdate: async (current) => {
          const old = current && served(decl, current);
          const out = await opts.tryUpdate(old && view.toView(old));
          if (!old) throw internalError('a view subresource cannot create its parent');
          const next = view.fromView(out.object, served(decl, current!));
          decl.strategy.prepareForUpdate(next, old);
          const causes = decl.strategy.validateUpdate(next, old);
          if (causes.length) throw invalid(groupKind(decl), old.metadata.name ?? '', causes);
          return { object: decl.toStored(next) };
        },
      });
      return view.toView(served(decl, stored));
    },
    create: refuse,
    list: refuse,
    delete: refuse,
    watch: refuse,
    currentRevision: () => parent.store.currentRevision(),
    count: refuse,
    close: async () => {},
  };
}

/** The installed form of `parent`'s view subresource `name`. */
export function viewResource<T extends ApiObject, S extends ApiObject>(
  parent: InstalledResource<T, S>,
  name: string,
  view: SubresourceView<T>,
  verbs: readonly Verb[],
): InstalledResource<ApiObject, ApiObject> {
  const strategy = {
    ...inertStrategy<ApiObject>(),
    validate: view.validate,
    validateUpdate: (obj: ApiObject) => view.validate(obj),
    allowUnconditionalUpdate: true,
  };
  const { allocation: _, connectors: __, ...rest } = parent as InstalledResource<any, any>;
  return {
    ...rest,
    subresource: name,
    store: viewStore(parent, view),
    declaration: {
      ...parent.declaration,
      kind: view.kind,
      servedApiVersion: view.group ? `${view.group}/${view.version}` : view.version,
      schema: view.schema,
      decode: undefined,
      strategy,
      verbs,
      toStored: (obj: ApiObject) => obj,
      fromStored: (obj: ApiObject) => obj,
      fromStoredForReading: undefined,
      protobuf: false,
      deletion: undefined,
      ttlSeconds: undefined,
    },
  };
}
