// node.orch.io/v1 RuntimeClass as JSON on the wire (Kubernetes' node.k8s.io/v1, brand swapped).
import type { ObjectMeta } from '../../meta/v1/types.ts';
import type { Toleration } from '../../core/v1/pod-types.ts';

export const NODE_GROUP = 'node.orch.io';
export const NODE_VERSION = 'v1';

export interface Overhead {
  podFixed?: Record<string, string>;
}

export interface RuntimeScheduling {
  nodeSelector?: Record<string, string>;
  tolerations?: Toleration[];
}

export interface RuntimeClass {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  handler: string;
  overhead?: Overhead;
  scheduling?: RuntimeScheduling;
  [field: string]: unknown;
}
