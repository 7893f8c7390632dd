// One sync of the endpoints controller (Kubernetes' syncService): the Endpoints named as a
// service with a selector list the pods it selects, ready ones under addresses and the others
// under notReadyAddresses (all as ready under publishNotReadyAddresses), on every service port
// the pod has, repacked; the labels are the service's (plus the headless label), with the
// last-change-trigger-time and over-capacity annotations. Nothing is written when nothing
// differs. A service that is gone takes its Endpoints with it; ExternalName services and those
// without a selector are left alone.
import type { EndpointAddress, EndpointPort, EndpointSubset, Endpoints } from '../../../api/core/v1/endpoints-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';
import type { Service, ServicePort } from '../../../api/core/v1/service-types.ts';
import type { Indexer } from '../../../client/cache/store.ts';
import type { EventRecorder } from '../../../client/record/index.ts';
import { klog } from '../../../component-base/logs/klog.ts';
import { hasStatusCause, isForbidden, isNotFound } from '../../../machinery/status.ts';
import { findPort, isIPv6, isPodReady, isServiceIPSet, shouldPodBeInEndpoints, shouldSetHostname } from '../endpointslice/util/pod-endpoints.ts';
import { podsSelectedBy, serviceSelector } from '../endpointslice/util/service-membership.ts';
import { setTriggerTimeAnnotation, type TriggerTimeTracker } from '../endpointslice/util/trigger-time-tracker.ts';
import { HEADLESS_SERVICE_LABEL, LAST_CHANGE_TRIGGER_TIME_ANNOTATION, OVER_CAPACITY_ANNOTATION } from '../endpointslice/util/well-known.ts';
import { TRUNCATED, capacityAnnotationSetCorrectly, truncateSubsets } from './capacity.ts';
import { canonicalSubsets, repackSubsets } from './repack-subsets.ts';

const log = klog('controllermanager/endpoint');

export interface EndpointsApi {
  create(namespace: string, ep: Endpoints): Promise<Endpoints>;
  update(namespace: string, ep: Endpoints): Promise<Endpoints>;
  delete(namespace: string, name: string): Promise<void>;
}

export interface EndpointsSyncDeps {
  services: Indexer<Service>;
  pods: Indexer<Pod>;
  endpoints: Indexer<Endpoints>;
  api: EndpointsApi;
  recorder: EventRecorder;
  triggerTimes: TriggerTimeTracker;
}

/** The address of the pod in the service's (first) family; undefined when the pod has none. */
function podAddress(svc: Service, pod: Pod): EndpointAddress | undefined {
  let v6: boolean;
  if (svc.spec?.ipFamilies?.length) v6 = svc.spec.ipFamilies[0] === 'IPv6';
  else if (isServiceIPSet(svc)) v6 = isIPv6(svc.spec!.clusterIP!);
  else v6 = isIPv6(pod.status?.podIP ?? '');
  const ip = (pod.status?.podIPs ?? []).find((p) => isIPv6(p.ip) === v6)?.ip;
  if (!ip) return undefined;
  const address: EndpointAddress = {
    ip,
    nodeName: pod.spec?.nodeName ?? '',
    targetRef: { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid },
  };
  if (shouldSetHostname(pod, svc)) address.hostname = pod.spec!.hostname;
  return address;
}

function endpointPort(svcPort: ServicePort, port: number): EndpointPort {
  const ep: EndpointPort = { name: svcPort.name ?? '', port, protocol: svcPort.protocol ?? 'TCP' };
  if (svcPort.appProtocol !== undefined) ep.appProtocol = svcPort.appProtocol;
  return ep;
}

/** The subsets the service's pods make, repacked. */
export function desiredSubsets(svc: Service, pods: readonly Pod[]): EndpointSubset[] {
  const publishNotReady = svc.spec?.publishNotReadyAddresses ?? false;
  const subsets: EndpointSubset[] = [];
  const add = (address: EndpointAddress, ready: boolean, port?: EndpointPort) => {
    const ports = port ? [port] : [];
    subsets.push(ready ? { addresses: [address], ports } : { notReadyAddresses: [address], ports });
  };
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod, publishNotReady)) continue;
    const address = podAddress(svc, pod);
    if (!address) {
      log.info('Failed to find an endpoint for the service on the pod', { service: `${svc.metadata.namespace}/${svc.metadata.name}`, pod: pod.metadata.name }, 2);
      continue;
    }
    const ready = publishNotReady || isPodReady(pod);
    const svcPorts = svc.spec?.ports ?? [];
    // A headless service may have no ports.
    if (svcPorts.length === 0) {
      if (svc.spec?.clusterIP === 'None') add(address, ready);
      continue;
    }
    for (const svcPort of svcPorts) {
      const port = findPort(pod, svcPort);
      if (port === undefined) continue;
      add(address, ready, endpointPort(svcPort, port));
    }
  }
  return repackSubsets(subsets);
}

function sameLabels(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => a![k] === b?.[k]);
}

/** The resourceVersions the controller replaced, per Endpoints: a cache still showing one is behind. */
export class StaleEndpointsTracker {
  private readonly replaced = new Map<string, string>();

  stale(key: string, resourceVersion: string | undefined): void {
    if (resourceVersion) this.replaced.set(key, resourceVersion);
  }

  isStale(key: string, ep: Endpoints): boolean {
    return this.replaced.get(key) === ep.metadata.resourceVersion;
  }

  delete(key: string): void {
    this.replaced.delete(key);
  }
}

export class EndpointsSync {
  private readonly deps: EndpointsSyncDeps;
  private readonly staleTracker = new StaleEndpointsTracker();

  constructor(deps: EndpointsSyncDeps) {
    this.deps = deps;
  }

  async sync(key: string): Promise<void> {
    const [namespace, name] = splitKey(key);
    const svc = this.deps.services.get(key);
    if (!svc) {
      try {
        await this.deps.api.delete(namespace, name);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      this.deps.triggerTimes.deleteService(namespace, name);
      this.staleTracker.delete(key);
      return;
    }
    if (svc.spec?.type === 'ExternalName' || !serviceSelector(svc)) return;

    const pods = podsSelectedBy(svc, this.deps.pods);
    // Computed before the comparison so that the tracker moves on even when nothing is written.
    const triggerTime = this.deps.triggerTimes.compute(namespace, svc, pods);
    const subsets = desiredSubsets(svc, pods);

    const cached = this.deps.endpoints.get(key);
    if (cached && this.staleTracker.isStale(key, cached)) {
      throw new Error(`endpoints informer cache is out of date, resource version ${cached.metadata.resourceVersion} already processed for endpoints ${key}`);
    }
    const current: Endpoints = cached ?? { metadata: { name, labels: svc.metadata.labels } };
    const create = !current.metadata.resourceVersion;
    const currentLabels = { ...(current.metadata.labels ?? {}) };
    delete currentLabels[HEADLESS_SERVICE_LABEL];
    if (!create && canonicalSubsets(current.subsets) === canonicalSubsets(subsets) && sameLabels(currentLabels, svc.metadata.labels)
      && capacityAnnotationSetCorrectly(current.metadata.annotations, current.subsets)) {
      return;
    }

    const next: Endpoints = structuredClone(current);
    next.apiVersion = 'v1';
    next.kind = 'Endpoints';
    next.subsets = subsets;
    const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}) };
    if (isServiceIPSet(svc)) delete labels[HEADLESS_SERVICE_LABEL];
    else labels[HEADLESS_SERVICE_LABEL] = '';
    next.metadata.labels = labels;
    const annotations = { ...(next.metadata.annotations ?? {}) };
    setTriggerTimeAnnotation(annotations, LAST_CHANGE_TRIGGER_TIME_ANNOTATION, triggerTime);
    if (truncateSubsets(subsets)) annotations[OVER_CAPACITY_ANNOTATION] = TRUNCATED;
    else delete annotations[OVER_CAPACITY_ANNOTATION];
    next.metadata.annotations = annotations;

    try {
      if (create) {
        await this.deps.api.create(namespace, next);
      } else {
        const updated = await this.deps.api.update(namespace, next);
        if (updated.metadata.resourceVersion !== current.metadata.resourceVersion) this.staleTracker.stale(key, current.metadata.resourceVersion);
      }
    } catch (err) {
      // Creates in a terminating namespace keep failing: nothing to retry.
      if (create && isForbidden(err) && hasStatusCause(err, 'NamespaceTerminating')) return;
      const regarding = { ...next, metadata: { ...next.metadata, namespace } };
      const message = (err as Error).message;
      if (create) this.deps.recorder.eventf(regarding, undefined, 'Warning', 'FailedToCreateEndpoint', 'SyncService', `Failed to create endpoint for service ${namespace}/${name}: ${message}`);
      else this.deps.recorder.eventf(regarding, undefined, 'Warning', 'FailedToUpdateEndpoint', 'SyncService', `Failed to update endpoint ${namespace}/${name}: ${message}`);
      throw err;
    }
  }
}

export function splitKey(key: string): [string, string] {
  const slash = key.indexOf('/');
  return slash < 0 ? ['', key] : [key.slice(0, slash), key.slice(slash + 1)];
}
