// The resources orch-apiserver serves, each paired with the store of what it is stored as, and
// the OpenAPI schemas of their kinds. Events of the core group and of events.orch.io share one
// store (core v1 under /registry/events/), so both paths see the same objects.
import type { FlagValues } from '../../options/flag.ts';
import type { Admission } from '../../apiserver/admission/types.ts';
import type { CoreEvent } from '../../api/core/v1/event-types.ts';
import type { OpenApiSchemas } from '../../apiserver/endpoints/openapi/handler.ts';
import type { InstalledResource } from '../../apiserver/registry/generic/context.ts';
import { DEFAULT_EVENT_TTL_SECONDS, EVENTS_STORAGE } from '../../apiserver/registry/events/declaration-common.ts';
import { eventResources, eventsOpenApiSchemas } from '../../apiserver/registry/events/declarations.ts';
import type { ApiserverStorage } from './build-storage.ts';
import { coreResources, type CoreResources } from './core-resources.ts';

export interface ApiserverResources {
  resources: InstalledResource<any, any>[];
  openapi: OpenApiSchemas;
  /** Namespaces, config maps and leases without admission, for the server's own writes. */
  core: CoreResources;
}

/** --event-ttl (milliseconds) in whole seconds; 0 keeps events forever. */
export function eventTtlSeconds(values: FlagValues): number {
  const ttl = values['event-ttl'];
  return typeof ttl === 'number' ? Math.ceil(ttl / 1000) : DEFAULT_EVENT_TTL_SECONDS;
}

/** Every resource this server serves; writes to each pass through `admission`. */
export function buildResources(values: FlagValues, storage: ApiserverStorage, admission: Admission): ApiserverResources {
  const events = eventResources(storage.storeFor<CoreEvent>(EVENTS_STORAGE.storageResource), {
    ttlSeconds: eventTtlSeconds(values),
    storeName: storage.backendName,
  });
  const coreKinds = coreResources(storage);
  const resources = [...events, coreKinds.namespaces, coreKinds.configMaps, coreKinds.leases].map((resource) => ({ ...resource, admission }));
  return { resources, openapi: eventsOpenApiSchemas(), core: coreKinds };
}
