// A limit range applied to a pod: defaults for containers that leave a request or limit unset
// (recorded in the orch.io/limit-ranger annotation), and the Container and Pod constraints.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import type { LimitRange, ResourceList } from '../../../../api/core/v1/policy-types.ts';
import { podLimits, podRequests } from '../../../../machinery/quota/pod-resources.ts';
import { limitRequestRatioConstraint, maxConstraint, minConstraint } from './constraints.ts';

export const LIMIT_RANGER_ANNOTATION = 'orch.io/limit-ranger';

/** The defaults of the range's Container items (a later item's value wins). */
function containerDefaults(range: LimitRange): { requests: ResourceList; limits: ResourceList } {
  const requests: ResourceList = {};
  const limits: ResourceList = {};
  for (const item of range.spec?.limits ?? []) {
    if (item.type !== 'Container') continue;
    Object.assign(requests, item.defaultRequest ?? {});
    Object.assign(limits, item.default ?? {});
  }
  return { requests, limits };
}

/** Fills what the container leaves unset; returns the annotation's parts for it. */
function fillContainer(c: Container, defaults: { requests: ResourceList; limits: ResourceList }, what: string): string[] {
  const notes: string[] = [];
  for (const side of ['requests', 'limits'] as const) {
    const set = Object.keys(defaults[side]).filter((name) => c.resources?.[side]?.[name] === undefined);
    if (!set.length) continue;
    const resources = (c.resources ??= {});
    const list = (resources[side] ??= {});
    for (const name of set) list[name] = defaults[side][name]!;
    // Requests are noted before limits, as Kubernetes notes them.
    notes.push(`${set.sort().join(', ')} ${side === 'requests' ? 'request' : 'limit'} for ${what} ${c.name}`);
  }
  return notes;
}

export function applyPodDefaults(range: LimitRange, pod: Pod): void {
  const defaults = containerDefaults(range);
  const notes: string[] = [];
  for (const c of pod.spec?.containers ?? []) notes.push(...fillContainer(c, defaults, 'container'));
  for (const c of pod.spec?.initContainers ?? []) notes.push(...fillContainer(c, defaults, 'init container'));
  if (!notes.length) return;
  pod.metadata.annotations = { ...(pod.metadata.annotations ?? {}), [LIMIT_RANGER_ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
}

function checkAll(type: string, item: { min?: ResourceList; max?: ResourceList; maxLimitRequestRatio?: ResourceList }, requests: ResourceList, limits: ResourceList, out: string[]): void {
  const push = (why: string | undefined) => why && out.push(why);
  for (const [name, v] of Object.entries(item.min ?? {})) push(minConstraint(type, name, v, requests, limits));
  for (const [name, v] of Object.entries(item.max ?? {})) push(maxConstraint(type, name, v, requests, limits));
  for (const [name, v] of Object.entries(item.maxLimitRequestRatio ?? {})) push(limitRequestRatioConstraint(type, name, v, requests, limits));
}

/** Every constraint the pod breaks, in Kubernetes' order. */
export function podViolations(range: LimitRange, pod: Pod): string[] {
  const out: string[] = [];
  for (const item of range.spec?.limits ?? []) {
    if (item.type === 'Container') {
      for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
        checkAll(item.type, item, c.resources?.requests ?? {}, c.resources?.limits ?? {}, out);
      }
    }
    if (item.type === 'Pod') checkAll(item.type, item, podRequests(pod), podLimits(pod), out);
  }
  return out;
}
