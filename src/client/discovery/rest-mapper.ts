// From an object's apiVersion and kind to the resource that serves it, as client-go's REST
// mapper does from discovery: an exact group-version match first, else the same kind in the
// group's preferred version.
import type { ApiResource } from './discovery-client.ts';
import { parseGroupVersion } from './discovery-client.ts';

export class RestMapper {
  private readonly byGroupVersionKind = new Map<string, ApiResource>();
  private readonly byGroupKind = new Map<string, ApiResource>();

  constructor(resources: readonly ApiResource[]) {
    for (const r of resources) {
      this.byGroupVersionKind.set(`${r.group}/${r.version}/${r.kind}`, r);
      if (!this.byGroupKind.has(`${r.group}/${r.kind}`)) this.byGroupKind.set(`${r.group}/${r.kind}`, r);
    }
  }

  /** The resource for apiVersion and kind, or undefined when the server serves no such kind. */
  resourceFor(apiVersion: string, kind: string): ApiResource | undefined {
    const { group, version } = parseGroupVersion(apiVersion);
    return this.byGroupVersionKind.get(`${group}/${version}/${kind}`) ?? this.byGroupKind.get(`${group}/${kind}`);
  }
}
