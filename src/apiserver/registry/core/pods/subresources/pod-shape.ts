// The few parts of a pod its subresources read and write, and the Success Status they answer
// with. Kept minimal so that these actions do not depend on the whole pod type.
import type { ApiObject } from '../../../../../api/meta/v1/types.ts';

export interface PodConditionShape {
  type: string;
  status: string;
  lastProbeTime?: string | null;
  lastTransitionTime?: string | null;
  reason?: string;
  message?: string;
}

export interface BoundPod extends ApiObject {
  spec?: {
    nodeName?: string;
    schedulingGates?: { name: string }[];
    terminationGracePeriodSeconds?: number;
    containers?: { name: string }[];
    initContainers?: { name: string }[];
    ephemeralContainers?: { name: string }[];
  };
  status?: { phase?: string; conditions?: PodConditionShape[] };
}

/** Kubernetes' answer to a binding or an eviction: a bare Success Status. */
export function successObject(): ApiObject {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' } as ApiObject;
}
