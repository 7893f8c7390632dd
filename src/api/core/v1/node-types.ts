// core/v1 Node: a machine pods run on, its settings (spec) and what it reports (status).
// Quantities are strings in Kubernetes' canonical form once decoded.
import type { ObjectMeta } from '../../meta/v1/types.ts';
import type { ResourceList } from './policy-types.ts';

export interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

export interface ConfigMapNodeConfigSource {
  namespace: string;
  name: string;
  uid?: string;
  resourceVersion?: string;
  kubeletConfigKey: string;
}

export interface NodeConfigSource {
  configMap?: ConfigMapNodeConfigSource;
}

export interface NodeSpec {
  podCIDR?: string;
  podCIDRs?: string[];
  providerID?: string;
  unschedulable?: boolean;
  taints?: Taint[];
  configSource?: NodeConfigSource;
  externalID?: string;
}

export interface DaemonEndpoint {
  Port: number;
}

export interface NodeDaemonEndpoints {
  kubeletEndpoint?: DaemonEndpoint;
}

export interface NodeRuntimeHandlerFeatures {
  recursiveReadOnlyMounts?: boolean;
  userNamespaces?: boolean;
}

export interface NodeRuntimeHandler {
  name?: string;
  features?: NodeRuntimeHandlerFeatures;
}

export interface NodeFeatures {
  supplementalGroupsPolicy?: boolean;
}

export interface NodeSwapStatus {
  capacity?: number;
}

export interface NodeSystemInfo {
  machineID: string;
  systemUUID: string;
  bootID: string;
  kernelVersion: string;
  osImage: string;
  containerRuntimeVersion: string;
  kubeletVersion: string;
  kubeProxyVersion: string;
  operatingSystem: string;
  architecture: string;
  swap?: NodeSwapStatus;
}

export interface NodeConfigStatus {
  assigned?: NodeConfigSource;
  active?: NodeConfigSource;
  lastKnownGood?: NodeConfigSource;
  error?: string;
}

export interface NodeCondition {
  type: string;
  status: string;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface NodeAddress {
  type: string;
  address: string;
}

export interface ContainerImage {
  names?: string[];
  sizeBytes?: number;
}

export interface AttachedVolume {
  name: string;
  devicePath: string;
}

export interface NodeStatus {
  capacity?: ResourceList;
  allocatable?: ResourceList;
  phase?: string;
  conditions?: NodeCondition[];
  addresses?: NodeAddress[];
  daemonEndpoints?: NodeDaemonEndpoints;
  nodeInfo?: NodeSystemInfo;
  images?: ContainerImage[];
  volumesInUse?: string[];
  volumesAttached?: AttachedVolume[];
  config?: NodeConfigStatus;
  runtimeHandlers?: NodeRuntimeHandler[];
  features?: NodeFeatures;
  declaredFeatures?: string[];
}

export interface Node {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: NodeSpec;
  status?: NodeStatus;
  [field: string]: unknown;
}
