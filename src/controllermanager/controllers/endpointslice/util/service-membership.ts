// Which services a pod belongs to: those of its namespace whose selector its labels match. A
// service without a selector (or an empty one, which Kubernetes does not keep) selects nothing.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { Service } from '../../../../api/core/v1/service-types.ts';
import { NAMESPACE_INDEX, type Indexer } from '../../../../client/cache/store.ts';
import { podEndpointsChanged } from './pod-endpoints.ts';

/** The service's selector, or undefined when it selects nothing. */
export function serviceSelector(svc: Service): Record<string, string> | undefined {
  const selector = svc.spec?.selector;
  return selector && Object.keys(selector).length > 0 ? selector : undefined;
}

export function selectorMatches(selector: Record<string, string>, labels: Record<string, string> | undefined): boolean {
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

/** The pods of the service's namespace its selector takes. */
export function podsSelectedBy(svc: Service, pods: Indexer<Pod>): Pod[] {
  const selector = serviceSelector(svc);
  if (!selector) return [];
  return pods.byIndex(NAMESPACE_INDEX, svc.metadata.namespace ?? '').filter((p) => selectorMatches(selector, p.metadata.labels));
}

const keyOf = (svc: Service) => `${svc.metadata.namespace ?? ''}/${svc.metadata.name ?? ''}`;

/** Keys of the services that select the pod. */
export function podServiceMemberships(services: Indexer<Service>, pod: Pod): Set<string> {
  const keys = new Set<string>();
  for (const svc of services.byIndex(NAMESPACE_INDEX, pod.metadata.namespace ?? '')) {
    const selector = serviceSelector(svc);
    if (selector && selectorMatches(selector, pod.metadata.labels)) keys.add(keyOf(svc));
  }
  return keys;
}

/**
 * The services to sync after a pod update: none for a resync; those selecting the new pod when
 * it changed; when its labels changed, those it joined or left too (all of both when the pod
 * itself changed as well, only the difference otherwise).
 */
export function servicesToUpdateOnPodChange(services: Indexer<Service>, oldPod: Pod, newPod: Pod): Set<string> {
  if (oldPod.metadata.resourceVersion === newPod.metadata.resourceVersion) return new Set();
  const { podChanged, labelsChanged } = podEndpointsChanged(oldPod, newPod);
  if (!podChanged && !labelsChanged) return new Set();
  const current = podServiceMemberships(services, newPod);
  if (!labelsChanged) return current;
  const previous = podServiceMemberships(services, oldPod);
  if (podChanged) return new Set([...current, ...previous]);
  const difference = new Set<string>();
  for (const k of current) if (!previous.has(k)) difference.add(k);
  for (const k of previous) if (!current.has(k)) difference.add(k);
  return difference;
}
