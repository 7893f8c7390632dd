// The scale of a controller the disruption controller has no cache for, as Kubernetes' scale
// client reads it: the reference's kind is mapped to its resource through discovery of its group
// version, and `<resource>/<name>/scale` is read; the scale counts only when its uid is the
// reference's. A missing scale is "not found" when the resource has a scale subresource, and an
// error naming the resource when it has none.
import type { OwnerReference } from '../../../api/meta/v1/types.ts';
import type { RestClient } from '../../../client/rest/client.ts';
import { collectionPath } from '../../../client/rest/resource.ts';
import { parseGroupVersion } from '../../../client/discovery/discovery-client.ts';
import { isNotFound } from '../../../machinery/status.ts';
import type { ControllerScale, ScaleReader } from './expected-pods.ts';

interface ApiResourceList {
  resources?: Array<{ name: string; kind: string; namespaced?: boolean; group?: string; version?: string }>;
}

interface Scale {
  metadata?: { uid?: string };
  spec?: { replicas?: number };
}

export class RestScaleReader implements ScaleReader {
  private readonly client: RestClient;
  private readonly signal: AbortSignal | undefined;

  constructor(client: RestClient, signal?: AbortSignal) {
    this.client = client;
    this.signal = signal;
  }

  private async resources(group: string, version: string): Promise<ApiResourceList> {
    const path = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
    return this.client.request<ApiResourceList>({ path, contentType: 'application/json', signal: this.signal });
  }

  async scaleOf(ref: OwnerReference, namespace: string): Promise<ControllerScale | undefined> {
    const { group, version } = parseGroupVersion(ref.apiVersion);
    const list = await this.resources(group, version);
    const resource = list.resources?.find((r) => !r.name.includes('/') && r.kind === ref.kind);
    if (!resource) throw new Error(`no matches for kind ${JSON.stringify(ref.kind)} in version ${JSON.stringify(ref.apiVersion)}`);
    const path = `${collectionPath({ group, version, resource: resource.name }, namespace)}/${encodeURIComponent(ref.name)}/scale`;
    let scale: Scale;
    try {
      scale = await this.client.request<Scale>({ path, contentType: 'application/json', signal: this.signal });
    } catch (err) {
      if (!isNotFound(err)) throw err;
      // Not found: the object is gone, or its kind has no scale subresource at all.
      if (!list.resources?.some((r) => r.name === `${resource.name}/scale` && r.kind === 'Scale')) {
        throw new Error(`${resource.name}${group ? `.${group}` : ''} does not implement the scale subresource`);
      }
      return undefined;
    }
    if (scale.metadata?.uid !== ref.uid) return undefined;
    return { uid: scale.metadata?.uid ?? '', scale: scale.spec?.replicas ?? 0 };
  }
}
