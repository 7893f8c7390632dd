// Attributes of core/v1 writes for the plugins' tests.
import type { ApiObject } from '../../../../api/meta/v1/types.ts';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import type { AdmissionAttributes, AdmissionOperation } from '../../types.ts';
import type { NamespaceAccess, NamespaceObject } from '../../namespace-access.ts';

const KINDS: Record<string, string> = {
  pods: 'Pod',
  services: 'Service',
  nodes: 'Node',
  persistentvolumeclaims: 'PersistentVolumeClaim',
  configmaps: 'ConfigMap',
  secrets: 'Secret',
  resourcequotas: 'ResourceQuota',
};

export function coreAttrs(resource: string, object: ApiObject | undefined, over: Partial<AdmissionAttributes> & { operation?: AdmissionOperation } = {}): AdmissionAttributes {
  return {
    operation: 'CREATE',
    resource: { group: '', version: 'v1', resource },
    subresource: '',
    kind: { group: '', version: 'v1', kind: KINDS[resource] ?? resource },
    namespace: resource === 'nodes' ? '' : 'team',
    name: object?.metadata.name ?? '',
    dryRun: false,
    ...(object ? { object } : {}),
    ...over,
  };
}

export function container(name: string, resources?: Container['resources'], over: Partial<Container> = {}): Container {
  return { name, image: `${name}:1`, ...(resources ? { resources } : {}), ...over };
}

export function pod(name: string, containers: Container[] = [container('app')], spec: Partial<NonNullable<Pod['spec']>> = {}): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'team' }, spec: { containers, ...spec } };
}

/** Namespaces held in memory, found by the cache. */
export function namespacesOf(...items: NamespaceObject[]): NamespaceAccess {
  const byName = new Map(items.map((ns) => [ns.metadata.name!, ns]));
  return { cached: (name) => byName.get(name), get: async (name) => byName.get(name), create: async () => {} };
}

/** Runs the mutating then the validating phase, as the chain does. */
export async function admitAndValidate(plugin: { admit?(a: AdmissionAttributes): unknown; validate?(a: AdmissionAttributes): unknown }, attrs: AdmissionAttributes): Promise<void> {
  await plugin.admit?.(attrs);
  await plugin.validate?.(attrs);
}
