// What the LimitRanger plugin needs of stored limit ranges, provided by the composition.
import type { LimitRange } from '../../../../api/core/v1/policy-types.ts';

export interface LimitRangeReader {
  /** The namespace's limit ranges: from the cache, or from storage when `live`. Read them, never change them. */
  list(namespace: string, live: boolean): Promise<LimitRange[]>;
}
