// resource.orch.io/v1beta1's kinds where they differ from v1: a device's description sits under
// `basic`, and a request carries its class, selectors, mode and count itself rather than under
// `exactly`. Everything else is v1's type.
import type { ObjectMeta } from '../../meta/v1/types.ts';
import type {
  CapacityRequirements,
  Device as V1Device,
  DeviceClaim as V1DeviceClaim,
  DeviceSelector,
  DeviceSubRequest,
  DeviceToleration,
  ResourceClaimStatus,
  ResourceSliceSpec as V1ResourceSliceSpec,
} from '../v1/types.ts';

export type BasicDevice = Omit<V1Device, 'name'>;

export interface Device {
  name: string;
  basic?: BasicDevice;
}

export interface ResourceSliceSpec extends Omit<V1ResourceSliceSpec, 'devices'> {
  devices?: Device[];
}

export interface ResourceSlice {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: ResourceSliceSpec;
  [field: string]: unknown;
}

export interface DeviceRequest {
  name: string;
  deviceClassName?: string;
  selectors?: DeviceSelector[];
  allocationMode?: string;
  count?: number;
  adminAccess?: boolean;
  firstAvailable?: DeviceSubRequest[];
  tolerations?: DeviceToleration[];
  capacity?: CapacityRequirements;
}

export interface DeviceClaim extends Omit<V1DeviceClaim, 'requests'> {
  requests?: DeviceRequest[];
}

export interface ResourceClaimSpec {
  devices?: DeviceClaim;
}

export interface ResourceClaim {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: ResourceClaimSpec;
  status?: ResourceClaimStatus;
  [field: string]: unknown;
}

export interface ResourceClaimTemplate {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: { metadata?: ObjectMeta; spec: ResourceClaimSpec };
  [field: string]: unknown;
}
