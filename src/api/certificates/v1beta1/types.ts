// certificates.orch.io/v1beta1 ClusterTrustBundle, as JSON on the wire.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export interface ClusterTrustBundleSpec {
  signerName?: string;
  trustBundle: string;
}

export interface ClusterTrustBundle {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: ClusterTrustBundleSpec;
  [field: string]: unknown;
}
