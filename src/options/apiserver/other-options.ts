// orch-apiserver's tracing and egress selection rows as a typed options object. Both name a file
// that the server reads when it is built (apiserver/tracing/config.ts, apiserver/egress/config.ts).
import type { OptionReader } from '../option-reader.ts';

export interface OtherOptions {
  /** TracingConfiguration file; '' leaves requests untraced. */
  tracingConfigFile: string;
  /** EgressSelectorConfiguration file; '' dials everything directly. */
  egressSelectorConfigFile: string;
}

export function otherOptions(r: OptionReader): OtherOptions {
  return {
    tracingConfigFile: r.string('tracing-config-file'),
    egressSelectorConfigFile: r.string('egress-selector-config-file'),
  };
}
