// core/v1 Endpoints: the addresses and ports behind a service, grouped into subsets.
import type { ObjectMeta, ObjectReference } from '../../meta/v1/types.ts';

export interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef?: ObjectReference;
}

export interface EndpointPort {
  name?: string;
  port: number;
  protocol?: string;
  appProtocol?: string;
}

export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: EndpointPort[];
}

export interface Endpoints {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  subsets?: EndpointSubset[];
  [field: string]: unknown;
}
