// resource.orch.io/v1alpha3 DeviceTaintRule, as JSON on the wire: one taint put on every device
// a selector picks, as if its driver had published it in a ResourceSlice.
import type { ObjectMeta } from '../../meta/v1/types.ts';
import type { MetaCondition } from '../../meta/v1/types.ts';
import type { DeviceTaint } from '../v1/types.ts';

export interface DeviceTaintSelector {
  driver?: string;
  pool?: string;
  device?: string;
}

export interface DeviceTaintRuleSpec {
  deviceSelector?: DeviceTaintSelector;
  taint: DeviceTaint;
}

export interface DeviceTaintRuleStatus {
  conditions?: MetaCondition[];
}

export interface DeviceTaintRule {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: DeviceTaintRuleSpec;
  status?: DeviceTaintRuleStatus;
  [field: string]: unknown;
}
