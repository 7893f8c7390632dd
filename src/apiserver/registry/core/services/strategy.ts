// What a write may change on a Service, in Kubernetes' order: a create starts with an empty
// status; an update keeps the stored status and the values the stored service holds but the
// client left out, and clears what a new type no longer uses; /status changes the status only.
// Defaults are filled as the decoder would (before the strategy) and again after a type change.
// Nothing here allocates: cluster IPs and node ports are the allocator's.
import type { Service } from '../../../../api/core/v1/service-types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { isHeadless, keepAllocatedValues } from './allocation-facts.ts';
import { defaultService } from './defaults.ts';
import { dropTypeDependentFields, normalizeClusterIPs } from './type-changes.ts';
import { validateService, validateServiceStatusUpdate, validateServiceUpdate } from './validation.ts';
import { goEncoder } from '../go-encoding.ts';

/** Writes a service in Go's field order: the allocator calls it too, after filling in what it reserved. */
export const encodeServiceAsGo = goEncoder('io.orch.api.core.v1.Service', 'v1.Service');

/** GetWarningsForService: fields that are set but do nothing for this kind of service. */
export function serviceWarnings(svc: Service): string[] {
  const spec = svc.spec ?? {};
  const out: string[] = [];
  if (spec.type === 'ExternalName' && spec.externalIPs?.length) out.push('spec.externalIPs is ignored when spec.type is "ExternalName"');
  if (spec.type !== 'ExternalName' && spec.externalName) out.push('spec.externalName is ignored when spec.type is not "ExternalName"');
  if (isHeadless(svc)) {
    if (spec.loadBalancerIP) out.push('spec.loadBalancerIP is ignored for headless services');
    if (spec.externalIPs?.length) out.push('spec.externalIPs is ignored for headless services');
    if (spec.sessionAffinity && spec.sessionAffinity !== 'None') out.push('spec.SessionAffinity is ignored for headless services');
  }
  return out;
}

export const serviceStrategy: ResourceStrategy<Service> = {
  prepareForCreate(svc) {
    svc.status = {};
    normalizeClusterIPs(svc, undefined);
    defaultService(svc);
  },
  prepareForUpdate(svc, old) {
    svc.status = structuredClone(old.status ?? {});
    keepAllocatedValues(svc, old);
    normalizeClusterIPs(svc, old);
    defaultService(svc);
    dropTypeDependentFields(svc, old);
    defaultService(svc);
  },
  validate: validateService,
  validateUpdate: validateServiceUpdate,
  warningsOnCreate: serviceWarnings,
  warningsOnUpdate: serviceWarnings,
  // Defaults and normalisation filled fields in after decoding: back to Go's order.
  canonicalize: encodeServiceAsGo,
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
};

export const serviceStatusStrategy: ResourceStrategy<Service> = {
  ...serviceStrategy,
  prepareForUpdate(svc, old) {
    svc.spec = structuredClone(old.spec ?? {});
    // The decoder's default for load balancer addresses, which status writers send.
    if (svc.spec.type === 'LoadBalancer') for (const ing of svc.status?.loadBalancer?.ingress ?? []) if (ing.ip && !ing.ipMode) ing.ipMode = 'VIP';
  },
  validateUpdate: validateServiceStatusUpdate,
  warningsOnUpdate: () => [],
};
