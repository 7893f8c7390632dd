// Custom resources in the composition: the controller of CustomResourceDefinitions starts once the
// server does, over the stored definitions, and the server is ready once the definitions stored
// at start are served (Kubernetes' crd-informer-synced). Without the definitions' resource
// (switched off by --runtime-config) there is nothing to serve.
import type { CustomResourceDefinition } from '../../api/apiextensions/v1/types.ts';
import { APIEXTENSIONS_GROUP } from '../../api/apiextensions/v1/types.ts';
import type { Admission } from '../../apiserver/admission/types.ts';
import { startCrdController, type CrdController } from '../../apiserver/apiextensions/crd-controller.ts';
import { customResourceValidator } from '../../apiserver/apiextensions/custom-resource-validator.ts';
import type { ServedResources } from '../../apiserver/endpoints/served-resources.ts';
import type { ServiceResolver } from '../../apiserver/aggregator/resolver.ts';
import type { EgressDialer } from '../../apiserver/egress/selector.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import type { PostStartHook } from '../../apiserver/server/config.ts';
import type { ApiserverStorage } from './build-storage.ts';

export interface CustomResourcesDeps {
  served: ServedResources;
  storage: ApiserverStorage;
  admission: Admission;
  garbageCollection: boolean;
  /** Reaches conversion webhooks named by a service reference. */
  resolveService?: ServiceResolver;
  /** The egress selector's cluster dialer, for conversion webhooks. */
  clusterDialer?: EgressDialer;
}

export function customResourcesHook(deps: CustomResourcesDeps): { hook: PostStartHook; stop(): void } {
  let controller: CrdController | undefined;
  let stopped = false;
  return {
    hook: {
      name: 'crd-informer-synced',
      async run() {
        const definitions = deps.served
          .all()
          .find((r) => !r.subresource && !r.declaration.aliasOf && r.declaration.group === APIEXTENSIONS_GROUP && r.declaration.plural === 'customresourcedefinitions') as
          | InstalledResource<CustomResourceDefinition, CustomResourceDefinition>
          | undefined;
        if (!definitions || stopped) return;
        controller = startCrdController({
          definitions,
          served: deps.served,
          storeFor: deps.storage.storeFor,
          storeNameFor: deps.storage.storeNameFor,
          admission: deps.admission,
          garbageCollection: deps.garbageCollection,
          validatorFor: customResourceValidator,
          resolveService: deps.resolveService,
          clusterDialer: deps.clusterDialer,
        });
        await controller.synced;
      },
    },
    stop() {
      stopped = true;
      controller?.stop();
    },
  };
}
