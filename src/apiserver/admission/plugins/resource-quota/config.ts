// ResourceQuota's configuration (resourcequota.admission.orch.io/v1, v1beta1 or v1alpha1, kind
// Configuration): resources whose consumption needs a covering quota. Each limited resource names
// an API group and resource, and refuses objects whose usage of a quota resource containing one of
// matchContains (e.g. "requests.storage") no quota tracks, or whose scopes (matchScopes, e.g.
// PriorityClass In [cluster-services]) no quota covers.
import type { ScopedResourceSelectorRequirement } from '../../../../api/core/v1/policy-types.ts';

export const RESOURCE_QUOTA_CONFIG_API_VERSIONS: readonly string[] = [
  'resourcequota.admission.orch.io/v1',
  'resourcequota.admission.orch.io/v1beta1',
  'resourcequota.admission.orch.io/v1alpha1',
];

export interface LimitedResource {
  apiGroup: string;
  resource: string;
  matchContains: string[];
  matchScopes: ScopedResourceSelectorRequirement[];
}

export class ResourceQuotaConfigError extends Error {}

const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

export function parseResourceQuotaConfig(raw: unknown): LimitedResource[] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ResourceQuotaConfigError('the configuration is not an object');
  const doc = raw as Record<string, unknown>;
  if (doc['kind'] !== 'Configuration' || !RESOURCE_QUOTA_CONFIG_API_VERSIONS.includes(String(doc['apiVersion']))) {
    throw new ResourceQuotaConfigError(
      `expected kind Configuration of ${RESOURCE_QUOTA_CONFIG_API_VERSIONS.join(', ')}, got ${JSON.stringify(doc['kind'] ?? '')} of ${JSON.stringify(doc['apiVersion'] ?? '')}`,
    );
  }
  const limited = doc['limitedResources'] ?? [];
  if (!Array.isArray(limited)) throw new ResourceQuotaConfigError('limitedResources must be a list');
  return limited.map((entry, i) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    if (typeof e['resource'] !== 'string' || !e['resource']) throw new ResourceQuotaConfigError(`limitedResources[${i}].resource is required`);
    const scopes = Array.isArray(e['matchScopes']) ? (e['matchScopes'] as ScopedResourceSelectorRequirement[]) : [];
    return { apiGroup: String(e['apiGroup'] ?? ''), resource: e['resource'], matchContains: strings(e['matchContains']), matchScopes: scopes };
  });
}
