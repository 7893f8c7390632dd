// discovery.orch.io/v1 EndpointSlice as JSON on the wire. Optional where Go writes omitempty or a
// pointer.
import type { ObjectMeta, ObjectReference } from '../../meta/v1/types.ts';

export interface EndpointConditions {
  ready?: boolean;
  serving?: boolean;
  terminating?: boolean;
}

export interface EndpointHints {
  forZones?: { name: string }[];
  forNodes?: { name: string }[];
}

export interface Endpoint {
  addresses: string[];
  conditions?: EndpointConditions;
  hostname?: string;
  targetRef?: ObjectReference;
  deprecatedTopology?: Record<string, string>;
  nodeName?: string;
  zone?: string;
  hints?: EndpointHints;
}

export interface EndpointPort {
  name?: string;
  protocol?: string;
  port?: number;
  appProtocol?: string;
}

export interface EndpointSlice {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  addressType: string;
  endpoints?: Endpoint[] | null;
  ports?: EndpointPort[] | null;
  [field: string]: unknown;
}
