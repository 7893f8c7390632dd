// coordination.orch.io/v1beta1 (and v1alpha2) LeaseCandidate, as JSON on the wire; the times
// are MicroTime.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export interface LeaseCandidateSpec {
  leaseName: string;
  pingTime?: string;
  renewTime?: string;
  binaryVersion: string;
  emulationVersion?: string;
  strategy?: string;
}

export interface LeaseCandidate {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: LeaseCandidateSpec;
  [field: string]: unknown;
}
