// The resources orch-apiserver serves: each declaration paired with the store of the resource it
// is stored as. Declarations that share storage (Events of the core group and of events.orch.io)
// get the same store, so both paths see the same objects.
import type { FlagValues } from '../../options/flag.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import type { ResourceDeclaration } from '../../apiserver/registry/resource.ts';
import type { ApiserverStorage } from './build-storage.ts';

/** Every declaration this server serves, configured from its options. */
export function apiserverDeclarations(_values: FlagValues): ResourceDeclaration<any, any>[] {
  return [];
}

export function installResources(declarations: readonly ResourceDeclaration<any, any>[], storage: ApiserverStorage): InstalledResource<any, any>[] {
  return declarations.map((declaration) => ({
    declaration,
    store: storage.storeFor(declaration.storageResource),
    storeName: storage.backendName,
  }));
}
