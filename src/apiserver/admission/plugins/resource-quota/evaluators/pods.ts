// Quota of pods: each pod counts once (pods, count/pods) and for what it asks for and is limited
// to (cpu and requests.cpu, limits.cpu, the same for memory and ephemeral storage, huge pages,
// and extended resources as requests.<name>). A pod that has finished, or whose deletion grace
// period is over, uses nothing but its count/pods. A quota on cpu or memory requires every
// container to declare it, unless the pod sets pod-level resources.
import type { Pod } from '../../../../../api/core/v1/pod-types.ts';
import type { ResourceList } from '../../../../../api/core/v1/policy-types.ts';
import { isExtendedResourceName, isNativeResource } from '../../../../registry/core/resource-names.ts';
import { addLists } from '../../core-v1/resource-lists.ts';
import { podLimits, podRequests } from '../../core-v1/pod-resources.ts';
import type { QuotaEvaluator } from './evaluator.ts';
import { objectCountName } from './evaluator.ts';
import { isTerminating, podMatchesScope } from './pod-scopes.ts';

const POD_COUNT = objectCountName('', 'pods');
const POD_RESOURCES = [
  POD_COUNT, 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods',
];
const POD_RESOURCE_PREFIXES = ['hugepages-', 'requests.hugepages-'];
/** Extended resources a device class provides implicitly (requests.deviceclass.resource.orch.io/<class>). */
const DEVICE_CLASS_REQUESTS_PREFIX = 'requests.deviceclass.resource.orch.io/';

/** Kubernetes regrets this rule and keeps it: quotas on these make every container declare them. */
const VALIDATION_SET = new Set(['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']);

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

/** A pod quota still charges for: not finished, and not past the end of its deletion grace period. */
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

function podConstraints(required: readonly string[], pod: Pod): string | undefined {
  const levels = pod.spec?.resources;
  if (levels && Object.keys({ ...levels.requests, ...levels.limits }).some((n) => n === 'cpu' || n === 'memory' || n.startsWith('hugepages-'))) return undefined;
  const needed = required.filter((n) => VALIDATION_SET.has(n));
  const missing = new Map<string, Set<string>>();
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    const has = computeUsage(c.resources?.requests ?? {}, c.resources?.limits ?? {});
    for (const name of needed) if (has[name] === undefined) (missing.get(name) ?? missing.set(name, new Set()).get(name)!).add(c.name);
  }
  if (!missing.size) return undefined;
  const parts = [...missing.keys()].sort().map((name) => `${name} for: ${[...missing.get(name)!].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}

export function podEvaluator(now: () => number = Date.now): QuotaEvaluator {
  return {
    group: '',
    resource: 'pods',
    handles(attrs) {
      if (attrs.subresource === 'resize') return attrs.operation === 'UPDATE';
      if (attrs.subresource !== '') return false;
      if (attrs.operation === 'UPDATE' && attrs.oldObject && attrs.object) {
        // A pod moves between the Terminating and NotTerminating scopes.
        return isTerminating(attrs.oldObject as Pod) !== isTerminating(attrs.object as Pod);
      }
      return attrs.operation === 'CREATE';
    },
    matchingResources: (input) => input.filter((n) => POD_RESOURCES.includes(n) || POD_RESOURCE_PREFIXES.some((p) => n.startsWith(p)) || isQuotaExtendedResource(n)),
    matchesScope: (selector, obj) => podMatchesScope(selector, obj as Pod),
    uncoveredScopes: (limited, matched) => limited.filter((l) => !matched.some((m) => m.scopeName === l.scopeName)),
    constraints: (required, obj) => podConstraints(required, obj as Pod),
    usage: (obj) => podUsage(obj as Pod, now()),
  };
}
