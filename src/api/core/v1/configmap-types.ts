// core/v1 ConfigMap. binaryData values are base64 in JSON, as Go's []byte.
import type { ObjectMeta } from '../../meta/v1/types.ts';

export interface ConfigMap {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
  immutable?: boolean;
  [field: string]: unknown;
}
