// The controller manager's API client rows (--orchconfig, --master, --orch-api-*) and the
// informers' --min-resync-period as a typed options object; client-leader-validate.ts checks them.
import type { OptionReader } from '../option-reader.ts';

export interface ClientOptions {
  /** The orchconfig file the manager reaches the API server with. */
  orchconfig: string;
  /** Overrides the orchconfig's server; '' : the orchconfig's. */
  master: string;
  qps: number;
  burst: number;
  /** One of API_CONTENT_TYPES (validation refuses any other). */
  contentType: string;
  minResyncPeriodMs: number;
}

export function clientOptions(r: OptionReader): ClientOptions {
  return {
    orchconfig: r.string('orchconfig'),
    master: r.string('master'),
    qps: r.number('orch-api-qps'),
    burst: r.number('orch-api-burst'),
    contentType: r.string('orch-api-content-type'),
    minResyncPeriodMs: r.number('min-resync-period'),
  };
}
