// Quota of pods: each pod counts once (pods, count/pods) and for what it asks for and is limited
// to (cpu and requests.cpu, limits.cpu, the same for memory and ephemeral storage, huge pages,
// and extended resources as requests.<name>). A pod that has finished, or whose deletion grace
// period is over, uses nothing but its count/pods.
import type { Pod } from '../../api/core/v1/pod-types.ts';
import type { ResourceList } from '../../api/core/v1/policy-types.ts';
import { addLists } from '../quantity/resource-lists.ts';
import { isExtendedResourceName, isNativeResource } from './resource-names.ts';
import { podLimits, podRequests } from './pod-resources.ts';
import type { QuotaMeasure } from './measure.ts';
import { objectCountName } from './measure.ts';
import { podMatchesScope } from './pod-scopes.ts';

const POD_COUNT = objectCountName('', 'pods');
const POD_RESOURCES = [
  POD_COUNT, 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods',
];
const POD_RESOURCE_PREFIXES = ['hugepages-', 'requests.hugepages-'];
/** Extended resources a device class provides implicitly (requests.deviceclass.resource.orch.io/<class>). */
const DEVICE_CLASS_REQUESTS_PREFIX = 'requests.deviceclass.resource.orch.io/';

const isQuotaExtendedResource = (name: string) =>
  name.startsWith('requests.') && (!isNativeResource(name) || name.startsWith(DEVICE_CLASS_REQUESTS_PREFIX));

/** What a set of requests and limits counts as (podComputeUsageHelper). */
export function computeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const out: ResourceList = { pods: '1' };
  for (const name of ['cpu', 'memory', 'ephemeral-storage']) {
    if (requests[name] !== undefined) {
      out[name] = requests[name]!;
      out[`requests.${name}`] = requests[name]!;
    }
    if (limits[name] !== undefined) out[`limits.${name}`] = limits[name]!;
  }
  for (const [name, value] of Object.entries(requests)) {
    if (name.startsWith('hugepages-')) {
      out[name] = value;
      out[`requests.${name}`] = value;
    }
    if (isExtendedResourceName(name)) out[`requests.${name}`] = value;
  }
  return out;
}

/** A pod quota still charges for (QuotaV1Pod): not finished, and not past the end of its deletion grace period. */
export function chargedPod(pod: Pod, now: number): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return false;
  const { deletionTimestamp, deletionGracePeriodSeconds } = pod.metadata;
  if (deletionTimestamp && deletionGracePeriodSeconds !== undefined) {
    if (now > Date.parse(deletionTimestamp) + deletionGracePeriodSeconds * 1000) return false;
  }
  return true;
}

export function podUsage(pod: Pod, now: number): ResourceList {
  const count: ResourceList = { [POD_COUNT]: '1' };
  if (!chargedPod(pod, now)) return count;
  const opts = { podLevel: true, overhead: true };
  return addLists(count, computeUsage(podRequests(pod, opts), podLimits(pod, opts)));
}

export function podMeasure(now: () => number = Date.now): QuotaMeasure {
  return {
    group: '',
    resource: 'pods',
    matchingResources: (input) => input.filter((n) => POD_RESOURCES.includes(n) || POD_RESOURCE_PREFIXES.some((p) => n.startsWith(p)) || isQuotaExtendedResource(n)),
    matchesScope: (selector, obj) => podMatchesScope(selector, obj as Pod),
    usage: (obj) => podUsage(obj as Pod, now()),
  };
}
