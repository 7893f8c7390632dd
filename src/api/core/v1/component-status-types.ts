// core/v1 ComponentStatus: the health of a control-plane component as the API server sees it.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export interface ComponentCondition {
  /** Only "Healthy" is defined. */
  type: string;
  /** "True", "False" or "Unknown". */
  status: string;
  message?: string;
  error?: string;
}

export interface ComponentStatus {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  conditions?: ComponentCondition[];
  [field: string]: unknown;
}
