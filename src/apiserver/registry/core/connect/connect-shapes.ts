// The few fields of pods, nodes, services and endpoints that connecting reads, kept minimal so
// that these modules do not depend on the whole of each kind's type.
import type { ApiObject } from '../../../../api/meta/v1/types.ts';

export interface ConnectContainer {
  name: string;
  ports?: { containerPort?: number; name?: string }[];
}

export interface ConnectPod extends ApiObject {
  spec?: {
    nodeName?: string;
    initContainers?: ConnectContainer[];
    containers?: ConnectContainer[];
    ephemeralContainers?: ConnectContainer[];
  };
  status?: { podIP?: string; podIPs?: { ip: string }[] };
}

export interface ConnectNode extends ApiObject {
  status?: {
    addresses?: { type: string; address: string }[];
    daemonEndpoints?: { kubeletEndpoint?: { Port?: number } };
  };
}

export interface ConnectService extends ApiObject {
  spec?: { ports?: { name?: string; port: number }[] };
}

export interface ConnectEndpoints extends ApiObject {
  subsets?: {
    addresses?: { ip: string; targetRef?: { kind?: string; name?: string; namespace?: string } }[];
    ports?: { name?: string; port: number }[];
  }[];
}
