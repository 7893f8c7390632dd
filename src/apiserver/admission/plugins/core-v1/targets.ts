// Which requests a core/v1 plugin acts on: the object of a write to the resource itself (never a
// subresource) of the core group, typed for the plugin.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import type { AdmissionAttributes } from '../../types.ts';

/** The object written to core/v1 `resource` (not a subresource), or undefined. */
export function coreObject<T>(attrs: AdmissionAttributes, resource: string): T | undefined {
  if (attrs.resource.group !== '' || attrs.resource.resource !== resource || attrs.subresource !== '') return undefined;
  return attrs.object as T | undefined;
}

/** The pod of a write to pods itself, or undefined. */
export function podOf(attrs: AdmissionAttributes): Pod | undefined {
  const pod = coreObject<Pod>(attrs, 'pods');
  if (pod) pod.spec ??= { containers: [] };
  return pod;
}

/** Each container with its field path, in Kubernetes' order: init containers, containers, ephemeral containers. */
export function* containersWithPaths(pod: Pod): Generator<[Container, string]> {
  const spec = pod.spec;
  for (const [i, c] of (spec?.initContainers ?? []).entries()) yield [c, `spec.initContainers[${i}]`];
  for (const [i, c] of (spec?.containers ?? []).entries()) yield [c, `spec.containers[${i}]`];
  for (const [i, c] of (spec?.ephemeralContainers ?? []).entries()) yield [c, `spec.ephemeralContainers[${i}]`];
}
