// core/v1 ServiceAccount as JSON on the wire.
import type { ObjectMeta, ObjectReference } from '../../meta/v1/types.ts';

export interface ServiceAccount {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  secrets?: ObjectReference[];
  imagePullSecrets?: { name?: string }[];
  automountServiceAccountToken?: boolean;
  [field: string]: unknown;
}
