// The scale subresource of an autoscaler's target, whatever serves it: deployments, replica sets,
// stateful sets, replication controllers or a custom resource with a scale subresource. The
// target's apiVersion and kind are mapped to a resource through discovery (refreshed once when a
// kind is not known yet, as a new custom resource may have appeared), then /scale is read and
// written as an autoscaling/v1 Scale.
import type { CrossVersionObjectReference } from '../../../api/autoscaling/v2/types.ts';
import type { ObjectMeta } from '../../../api/meta/v1/types.ts';
import { DiscoveryClient } from '../../../client/discovery/discovery-client.ts';
import { RestMapper } from '../../../client/discovery/rest-mapper.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { collectionPath, type GroupVersionResource } from '../../../client/rest/resource.ts';

export interface Scale {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: { replicas?: number };
  status?: { replicas: number; selector?: string };
}

export interface ScaleTarget {
  scale: Scale;
  resource: GroupVersionResource;
}

export interface ScaleTargets {
  get(namespace: string, ref: CrossVersionObjectReference, signal?: AbortSignal): Promise<ScaleTarget>;
  update(namespace: string, resource: GroupVersionResource, scale: Scale, signal?: AbortSignal): Promise<Scale>;
}

const scalePath = (resource: GroupVersionResource, namespace: string, name: string) =>
  `${collectionPath(resource, namespace)}/${encodeURIComponent(name)}/scale`;

export function restScaleTargets(client: RestClient): ScaleTargets {
  const discovery = new DiscoveryClient(client);
  let mapper: RestMapper | undefined;
  const refresh = async (signal?: AbortSignal) => {
    mapper = new RestMapper((await discovery.serverPreferredResources(signal)).resources);
    return mapper;
  };
  const resourceOf = async (ref: CrossVersionObjectReference, signal?: AbortSignal): Promise<GroupVersionResource> => {
    const apiVersion = ref.apiVersion ?? '';
    const found = (mapper ?? (await refresh(signal))).resourceFor(apiVersion, ref.kind) ?? (await refresh(signal)).resourceFor(apiVersion, ref.kind);
    if (!found) throw new Error(`unable to determine resource for scale target reference: no matches for kind "${ref.kind}" in version "${apiVersion}"`);
    return { group: found.group, version: found.version, resource: found.resource };
  };
  return {
    async get(namespace, ref, signal) {
      const resource = await resourceOf(ref, signal);
      const scale = await client.request<Scale>({ path: scalePath(resource, namespace, ref.name), signal });
      return { scale, resource };
    },
    update(namespace, resource, scale, signal) {
      return client.request<Scale>({ method: 'PUT', path: scalePath(resource, namespace, scale.metadata.name ?? ''), body: scale, signal });
    },
  };
}
