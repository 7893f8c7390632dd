// The labels of a service's slices: the service's own (but the reserved ones), the headless
// label when it has no cluster IP, its name (also under Kubernetes' label name, which clients
// written for Kubernetes select by) and this controller as manager. Whether an existing
// slice carries a label the service no longer has (or has with another value) tells that its
// labels must be written again.
import type { EndpointSlice } from '../../../api/discovery/v1/types.ts';
import type { Service } from '../../../api/core/v1/service-types.ts';
import { isServiceIPSet } from './util/pod-endpoints.ts';
import { ENDPOINTSLICE_CONTROLLER, HEADLESS_SERVICE_LABEL, KUBERNETES_SERVICE_NAME_LABEL, MANAGED_BY_LABEL, SERVICE_NAME_LABEL } from './util/well-known.ts';

const isReserved = (key: string) => key === SERVICE_NAME_LABEL || key === KUBERNETES_SERVICE_NAME_LABEL || key === MANAGED_BY_LABEL;

export function sliceLabels(slice: EndpointSlice | undefined, svc: Service): { labels: Record<string, string>; changed: boolean } {
  const svcLabels: Record<string, string> = {};
  for (const [k, v] of Object.entries(svc.metadata.labels ?? {})) if (!isReserved(k)) svcLabels[k] = v;
  // A slice written before it carried Kubernetes' label gets it on the next sync.
  let changed = slice !== undefined && slice.metadata.labels?.[KUBERNETES_SERVICE_NAME_LABEL] !== svc.metadata.name;
  for (const [k, v] of Object.entries(slice?.metadata.labels ?? {})) {
    if (isReserved(k)) continue;
    if (svcLabels[k] !== v) {
      changed = true;
      break;
    }
  }
  if (isServiceIPSet(svc)) delete svcLabels[HEADLESS_SERVICE_LABEL];
  else svcLabels[HEADLESS_SERVICE_LABEL] = '';
  svcLabels[SERVICE_NAME_LABEL] = svc.metadata.name ?? '';
  svcLabels[KUBERNETES_SERVICE_NAME_LABEL] = svc.metadata.name ?? '';
  svcLabels[MANAGED_BY_LABEL] = ENDPOINTSLICE_CONTROLLER;
  return { labels: svcLabels, changed };
}
