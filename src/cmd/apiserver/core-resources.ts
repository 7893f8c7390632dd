// The cluster's core resources (namespaces, config maps, leases) over their stores, and the
// start-up hooks that fill them: the system namespaces, the authentication info config map and,
// with the APIServerIdentity gate, the server's identity lease.
import type { ApiserverOptions } from '../../options/apiserver-options.ts';
import type { Namespace } from '../../api/core/v1/namespace-types.ts';
import type { ConfigMap } from '../../api/core/v1/configmap-types.ts';
import type { Lease } from '../../api/coordination/v1/types.ts';
import type { ApiObject } from '../../api/meta/v1/types.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import type { ResourceDeclaration } from '../../apiserver/registry/resource.ts';
import type { PostStartHook } from '../../apiserver/server/config.ts';
import { namespacesDeclaration } from '../../apiserver/registry/core/namespaces/declaration.ts';
import { namespaceAccess } from '../../apiserver/registry/core/namespaces/access.ts';
import { systemNamespacesHook } from '../../apiserver/registry/core/namespaces/system-namespaces.ts';
import { configMapsDeclaration } from '../../apiserver/registry/core/configmaps/declaration.ts';
import { authenticationInfoHook } from '../../apiserver/registry/core/configmaps/authentication-info.ts';
import { leasesDeclaration } from '../../apiserver/registry/coordination/leases/declaration.ts';
import { identityLeaseHook } from '../../apiserver/registry/coordination/leases/identity-lease.ts';
import type { ApiserverStorage } from './build-storage.ts';

export interface CoreResources {
  namespaces: InstalledResource<Namespace, Namespace>;
  configMaps: InstalledResource<ConfigMap, ConfigMap>;
  leases: InstalledResource<Lease, Lease>;
}

function install<T extends ApiObject>(storage: ApiserverStorage, declaration: ResourceDeclaration<T, T>): InstalledResource<T, T> {
  return { declaration, store: storage.storeFor<T>(declaration.storageResource), storeName: storage.storeNameFor(declaration.storageResource) };
}

export function coreResources(storage: ApiserverStorage): CoreResources {
  return {
    namespaces: install<Namespace>(storage, namespacesDeclaration()),
    configMaps: install<ConfigMap>(storage, configMapsDeclaration()),
    leases: install<Lease>(storage, leasesDeclaration()),
  };
}

export interface CoreHookOptions {
  /** Identity lease renewal period; Kubernetes' 10 s by default. */
  identityRenewIntervalMs?: number;
}

export function corePostStartHooks(options: ApiserverOptions, gates: { enabled(name: string): boolean } | undefined, core: CoreResources, opts: CoreHookOptions = {}): PostStartHook[] {
  const namespaces = systemNamespacesHook(namespaceAccess(() => core.namespaces));
  const hooks: PostStartHook[] = [namespaces, authenticationInfoHook(options.authentication, () => core.configMaps, namespaces.ready)];
  if (gates?.enabled('APIServerIdentity') ?? true) hooks.push(identityLeaseHook({ leases: () => core.leases, after: namespaces.ready, renewIntervalMs: opts.identityRenewIntervalMs }));
  return hooks;
}
