// What the core/v1 admission plugins read of stored objects (service accounts, limit ranges,
// quotas), each through its plugin's small interface. The composition implements them over the
// installed resources once those exist (cmd/apiserver/admission-readers.ts).
import type { ServiceAccountReader } from './plugins/service-account/reader.ts';
import type { LimitRangeReader } from './plugins/limit-ranger/reader.ts';
import type { QuotaReaders } from './plugins/resource-quota/plugin.ts';

export interface CoreObjectReaders {
  serviceAccounts: ServiceAccountReader;
  limitRanges: LimitRangeReader;
  quotas: QuotaReaders;
}
