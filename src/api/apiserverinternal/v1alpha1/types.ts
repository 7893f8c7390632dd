// internal.apiserver.orch.io/v1alpha1 StorageVersion, as JSON on the wire: which version each API
// server writes a resource in, named <group>.<resource> (core for the core group).
import type { ObjectMeta } from '../../meta/v1/types.ts';

export const APISERVER_INTERNAL_GROUP = 'internal.apiserver.orch.io';

export interface ServerStorageVersion {
  apiServerID?: string;
  encodingVersion?: string;
  decodableVersions?: string[];
  servedVersions?: string[];
}

export interface StorageVersionCondition {
  type: string;
  status: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
  reason: string;
  message?: string;
}

export interface StorageVersionStatus {
  storageVersions?: ServerStorageVersion[];
  commonEncodingVersion?: string;
  conditions?: StorageVersionCondition[];
}

export interface StorageVersion {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: Record<string, never>;
  status: StorageVersionStatus;
  [field: string]: unknown;
}
