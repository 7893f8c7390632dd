// Whether a pod is of the BestEffort quality of service class: it asks for and is limited to no
// cpu or memory at all (pod-level resources, when set, speak for the whole pod). A pod whose
// status already names its class keeps it, as Kubernetes' GetPodQOS reads it.
import type { Pod } from '../../api/core/v1/pod-types.ts';
import type { ResourceList } from '../../api/core/v1/policy-types.ts';
import { signOf } from '../quantity/resource-lists.ts';

const QOS_RESOURCES = ['cpu', 'memory'];

const hasCompute = (list: ResourceList | undefined) => QOS_RESOURCES.some((name) => list?.[name] !== undefined && signOf(list[name]!) > 0);

export function isBestEffort(pod: Pod): boolean {
  const declared = pod.status?.qosClass;
  if (declared) return declared === 'BestEffort';
  const spec = pod.spec;
  const podLevel = spec?.resources;
  if (podLevel && QOS_RESOURCES.some((name) => podLevel.requests?.[name] !== undefined || podLevel.limits?.[name] !== undefined)) {
    return !hasCompute(podLevel.requests) && !hasCompute(podLevel.limits);
  }
  return ![...(spec?.containers ?? []), ...(spec?.initContainers ?? [])].some((c) => hasCompute(c.resources?.requests) || hasCompute(c.resources?.limits));
}
