// core/v1 LimitRange and ResourceQuota. Quantities are strings in Kubernetes' canonical form
// once decoded (machinery/quantity/quantity.ts reads and compares them).
import type { ObjectMeta } from '../../meta/v1/types.ts';

/** Quantities by resource name (cpu, memory, requests.storage, example.com/gpu, …). */
export type ResourceList = Record<string, string>;

export interface LimitRangeItem {
  type: string;
  max?: ResourceList;
  min?: ResourceList;
  default?: ResourceList;
  defaultRequest?: ResourceList;
  maxLimitRequestRatio?: ResourceList;
}

export interface LimitRange {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: { limits?: LimitRangeItem[] };
  [field: string]: unknown;
}

export interface ScopedResourceSelectorRequirement {
  scopeName: string;
  operator: string;
  values?: string[];
}

export interface ResourceQuotaSpec {
  hard?: ResourceList;
  scopes?: string[];
  scopeSelector?: { matchExpressions?: ScopedResourceSelectorRequirement[] };
}

export interface ResourceQuotaStatus {
  hard?: ResourceList;
  used?: ResourceList;
}

export interface ResourceQuota {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: ResourceQuotaSpec;
  status?: ResourceQuotaStatus;
  [field: string]: unknown;
}
