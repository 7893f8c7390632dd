// Discovery as client-go's discovery client offers it: every resource the server serves, in each
// group's preferred version, with its kind, scope and verbs. A group whose document cannot be read
// is reported beside the resources found, so callers can carry on with a partial answer.
import type { RestClient } from '../rest/client.ts';
import type { GroupVersionResource } from '../rest/resource.ts';

export interface ApiResource extends GroupVersionResource {
  kind: string;
  namespaced: boolean;
  verbs: string[];
}

export interface GroupVersionFailure {
  groupVersion: string;
  error: Error;
}

export interface DiscoveredResources {
  resources: ApiResource[];
  /** Group versions whose resource list could not be read. */
  failed: GroupVersionFailure[];
}

interface ApiVersions {
  versions?: string[];
}
interface ApiGroupList {
  groups?: Array<{ name: string; preferredVersion?: { groupVersion: string }; versions?: Array<{ groupVersion: string }> }>;
}
interface ApiResourceList {
  resources?: Array<{ name: string; kind: string; namespaced: boolean; verbs?: string[] }>;
}

const JSON_TYPE = 'application/json';
const K8S_SUFFIX = '.k8s.io';
const ORCH_SUFFIX = '.orch.io';

export class DiscoveryClient {
  private readonly client: RestClient;

  constructor(client: RestClient) {
    this.client = client;
  }

  /**
   * The group versions served: the core group's first, then each group's preferred version. A
   * group the server also serves under Kubernetes' name (networking.k8s.io beside
   * networking.orch.io) holds the same objects: it is walked once, under the orch.io name, so that
   * a controller acting on every resource (garbage collection, namespace deletion) acts once.
   */
  async preferredGroupVersions(signal?: AbortSignal): Promise<string[]> {
    const core = await this.client.request<ApiVersions>({ path: '/api', signal, contentType: JSON_TYPE });
    const groups = await this.client.request<ApiGroupList>({ path: '/apis', signal, contentType: JSON_TYPE });
    const out = (core.versions ?? []).slice(0, 1);
    const names = new Set((groups.groups ?? []).map((g) => g.name));
    for (const g of groups.groups ?? []) {
      if (g.name.endsWith(K8S_SUFFIX) && names.has(g.name.slice(0, -K8S_SUFFIX.length) + ORCH_SUFFIX)) continue;
      const preferred = g.preferredVersion?.groupVersion ?? g.versions?.[0]?.groupVersion;
      if (preferred) out.push(preferred);
    }
    return out;
  }

  /** Resources (not subresources) of one group version. */
  async resourcesFor(groupVersion: string, signal?: AbortSignal): Promise<ApiResource[]> {
    const { group, version } = parseGroupVersion(groupVersion);
    const path = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
    const list = await this.client.request<ApiResourceList>({ path, signal, contentType: JSON_TYPE });
    return (list.resources ?? [])
      .filter((r) => !r.name.includes('/'))
      .map((r) => ({ group, version, resource: r.name, kind: r.kind, namespaced: Boolean(r.namespaced), verbs: r.verbs ?? [] }));
  }

  /** Every resource in its group's preferred version. Fails only when the group list itself cannot be read. */
  async serverPreferredResources(signal?: AbortSignal): Promise<DiscoveredResources> {
    const groupVersions = await this.preferredGroupVersions(signal);
    const resources: ApiResource[] = [];
    const failed: GroupVersionFailure[] = [];
    const answers = await Promise.allSettled(groupVersions.map((gv) => this.resourcesFor(gv, signal)));
    answers.forEach((answer, i) => {
      if (answer.status === 'fulfilled') resources.push(...answer.value);
      else failed.push({ groupVersion: groupVersions[i]!, error: answer.reason instanceof Error ? answer.reason : new Error(String(answer.reason)) });
    });
    return { resources, failed };
  }
}

export function parseGroupVersion(groupVersion: string): { group: string; version: string } {
  const slash = groupVersion.indexOf('/');
  return slash < 0 ? { group: '', version: groupVersion } : { group: groupVersion.slice(0, slash), version: groupVersion.slice(slash + 1) };
}

export function groupVersionOf(r: { group: string; version: string }): string {
  return r.group === '' ? r.version : `${r.group}/${r.version}`;
}

/** Resources that support every one of the verbs. */
export function withVerbs(resources: readonly ApiResource[], ...verbs: string[]): ApiResource[] {
  return resources.filter((r) => verbs.every((v) => r.verbs.includes(v)));
}

/** A stable key for a resource: `group/version/resource`. */
export function resourceKey(r: GroupVersionResource): string {
  return `${r.group}/${r.version}/${r.resource}`;
}
