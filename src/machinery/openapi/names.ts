// Definition names: Kubernetes' names with the brand swapped (io.k8s → io.orch), and the map
// from each served group/version/kind to its definition.

export const META_V1 = 'io.orch.apimachinery.pkg.apis.meta.v1';
export const RUNTIME = 'io.orch.apimachinery.pkg.runtime';
export const CORE_V1 = 'io.orch.api.core.v1';
export const QUANTITY = 'io.orch.apimachinery.pkg.api.resource.Quantity';
export const INT_OR_STRING = 'io.orch.apimachinery.pkg.util.intstr.IntOrString';
export const EVENTS_V1 = 'io.orch.api.events.v1';

export const EVENTS_GROUP = 'events.orch.io';

/** `group/version, Kind=kind` (group empty for core) → definition name. */
export const definitionForGVK: Readonly<Record<string, string>> = {
  [`${EVENTS_GROUP}/v1, Kind=Event`]: `${EVENTS_V1}.Event`,
  [`${EVENTS_GROUP}/v1, Kind=EventList`]: `${EVENTS_V1}.EventList`,
  '/v1, Kind=Event': `${CORE_V1}.Event`,
  '/v1, Kind=EventList': `${CORE_V1}.EventList`,
  '/v1, Kind=Secret': `${CORE_V1}.Secret`,
  '/v1, Kind=SecretList': `${CORE_V1}.SecretList`,
  '/v1, Kind=ServiceAccount': `${CORE_V1}.ServiceAccount`,
  '/v1, Kind=ServiceAccountList': `${CORE_V1}.ServiceAccountList`,
  '/v1, Kind=Status': `${META_V1}.Status`,
  '/v1, Kind=DeleteOptions': `${META_V1}.DeleteOptions`,
  '/v1, Kind=WatchEvent': `${META_V1}.WatchEvent`,
  [`${EVENTS_GROUP}/v1, Kind=DeleteOptions`]: `${META_V1}.DeleteOptions`,
  [`${EVENTS_GROUP}/v1, Kind=WatchEvent`]: `${META_V1}.WatchEvent`,
};

export function definitionName(group: string, version: string, kind: string): string | undefined {
  return definitionForGVK[`${group}/${version}, Kind=${kind}`];
}
