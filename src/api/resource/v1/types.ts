// resource.orch.io/v1: device classes, resource claims and their templates, resource slices
// (dynamic resource allocation), as JSON on the wire. v1beta2 has the same shape.
import type { ObjectMeta } from '../../meta/v1/types.ts';
import type { NodeSelector } from '../../core/v1/volume-types.ts';

export const RESOURCE_GROUP = 'resource.orch.io';

export interface DeviceAttribute {
  int?: number;
  bool?: boolean;
  string?: string;
  version?: string;
}

export interface Counter {
  value: string;
}

export interface CounterSet {
  name: string;
  counters?: Record<string, Counter>;
}

export interface CapacityRequestPolicyRange {
  min?: string;
  max?: string;
  step?: string;
}

export interface CapacityRequestPolicy {
  default?: string | null;
  validValues?: string[];
  validRange?: CapacityRequestPolicyRange;
}

export interface DeviceCapacity {
  value: string;
  requestPolicy?: CapacityRequestPolicy;
}

export interface DeviceCounterConsumption {
  counterSet: string;
  counters?: Record<string, Counter>;
}

export interface DeviceTaint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

export interface Device {
  name: string;
  attributes?: Record<string, DeviceAttribute>;
  capacity?: Record<string, DeviceCapacity>;
  consumesCounters?: DeviceCounterConsumption[];
  nodeName?: string;
  nodeSelector?: NodeSelector;
  allNodes?: boolean;
  taints?: DeviceTaint[];
  bindsToNode?: boolean;
  bindingConditions?: string[];
  bindingFailureConditions?: string[];
  allowMultipleAllocations?: boolean;
}

export interface ResourcePool {
  name: string;
  generation: number;
  resourceSliceCount: number;
}

export interface ResourceSliceSpec {
  driver: string;
  pool: ResourcePool;
  nodeName?: string;
  nodeSelector?: NodeSelector;
  allNodes?: boolean;
  devices?: Device[];
  perDeviceNodeSelection?: boolean;
  sharedCounters?: CounterSet[];
}

export interface ResourceSlice {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: ResourceSliceSpec;
  [field: string]: unknown;
}

export interface CELDeviceSelector {
  expression: string;
}

export interface DeviceSelector {
  cel?: CELDeviceSelector;
}

export interface DeviceToleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

export interface CapacityRequirements {
  requests?: Record<string, string>;
}

export interface ExactDeviceRequest {
  deviceClassName: string;
  selectors?: DeviceSelector[];
  allocationMode?: string;
  count?: number;
  adminAccess?: boolean;
  tolerations?: DeviceToleration[];
  capacity?: CapacityRequirements;
}

export interface DeviceSubRequest extends ExactDeviceRequest {
  name: string;
}

export interface DeviceRequest {
  name: string;
  exactly?: ExactDeviceRequest;
  firstAvailable?: DeviceSubRequest[];
}

export interface DeviceConstraint {
  requests?: string[];
  matchAttribute?: string;
  distinctAttribute?: string;
}

export interface OpaqueDeviceConfiguration {
  driver: string;
  parameters: unknown;
}

/** DeviceConfiguration, embedded in the configuration kinds. */
export interface DeviceConfiguration {
  opaque?: OpaqueDeviceConfiguration;
}

export interface DeviceClaimConfiguration extends DeviceConfiguration {
  requests?: string[];
}

export interface DeviceClaim {
  requests?: DeviceRequest[];
  constraints?: DeviceConstraint[];
  config?: DeviceClaimConfiguration[];
}

export interface ResourceClaimSpec {
  devices?: DeviceClaim;
}

export interface ResourceClaimConsumerReference {
  apiGroup?: string;
  resource: string;
  name: string;
  uid: string;
}

export interface DeviceRequestAllocationResult {
  request: string;
  driver: string;
  pool: string;
  device: string;
  adminAccess?: boolean;
  tolerations?: DeviceToleration[];
  bindingConditions?: string[];
  bindingFailureConditions?: string[];
  shareID?: string;
  consumedCapacity?: Record<string, string>;
}

export interface DeviceAllocationConfiguration extends DeviceConfiguration {
  source: string;
  requests?: string[];
}

export interface DeviceAllocationResult {
  results?: DeviceRequestAllocationResult[];
  config?: DeviceAllocationConfiguration[];
}

export interface AllocationResult {
  devices?: DeviceAllocationResult;
  nodeSelector?: NodeSelector;
  allocationTimestamp?: string;
}

export interface NetworkDeviceData {
  interfaceName?: string;
  ips?: string[];
  hardwareAddress?: string;
}

export interface AllocatedDeviceStatus {
  driver: string;
  pool: string;
  device: string;
  shareID?: string;
  conditions?: unknown[] | null;
  data?: unknown;
  networkData?: NetworkDeviceData;
}

export interface ResourceClaimStatus {
  allocation?: AllocationResult;
  reservedFor?: ResourceClaimConsumerReference[];
  devices?: AllocatedDeviceStatus[];
}

export interface ResourceClaim {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: ResourceClaimSpec;
  status?: ResourceClaimStatus;
  [field: string]: unknown;
}

export interface DeviceClassConfiguration extends DeviceConfiguration {}

export interface DeviceClassSpec {
  selectors?: DeviceSelector[];
  config?: DeviceClassConfiguration[];
  extendedResourceName?: string;
}

export interface DeviceClass {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: DeviceClassSpec;
  [field: string]: unknown;
}

export interface ResourceClaimTemplateSpec {
  metadata?: ObjectMeta;
  spec: ResourceClaimSpec;
}

export interface ResourceClaimTemplate {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: ResourceClaimTemplateSpec;
  [field: string]: unknown;
}
