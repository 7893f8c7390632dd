// Admission is built before storage, the resources and the authorizer exist; the plugins that
// need those read them through this holder, which the composition fills as each part is built.
import type { Authorizer } from '../../machinery/authorization/types.ts';
import type { PluginDeps, RegistrationSource } from './plugin-registry.ts';
import type { ServedKind } from './plugins/owner-references/rest-mapping.ts';
import type { CoreObjectReaders } from './core-object-readers.ts';
import type { StoredObjects } from './stored-objects.ts';
import type { ServiceResolver } from '../aggregator/resolver.ts';

export interface LateAdmissionDeps {
  deps: Omit<PluginDeps, 'namespaces'>;
  bindAuthorizer(authorizer: Authorizer): void;
  bindServedKinds(kinds: readonly ServedKind[]): void;
  bindRegistration(source: RegistrationSource): void;
  bindObjects(objects: StoredObjects): void;
  bindCoreObjects(readers: CoreObjectReaders): void;
  bindServiceResolver(resolve: ServiceResolver): void;
}

export function lateAdmissionDeps(): LateAdmissionDeps {
  let authorizer: Authorizer | undefined;
  let kinds: readonly ServedKind[] = [];
  let registration: RegistrationSource | undefined;
  let objects: StoredObjects | undefined;
  let coreObjects: CoreObjectReaders | undefined;
  let serviceResolver: ServiceResolver | undefined;
  return {
    deps: { authorizer: () => authorizer, servedKinds: () => kinds, registration: () => registration, objects: () => objects, coreObjects: () => coreObjects, serviceResolver: () => serviceResolver },
    bindServiceResolver: (r) => (serviceResolver = r),
    bindObjects: (o) => (objects = o),
    bindCoreObjects: (r) => (coreObjects = r),
    bindRegistration: (r) => (registration = r),
    bindAuthorizer: (a) => (authorizer = a),
    bindServedKinds: (k) => (kinds = k),
  };
}
