// orch-controller-manager's options, typed: one object per group of rows, built once from the
// parsed (and validated) values.
import type { FlagValues } from './flag.ts';
import { controllerManagerFlags } from './controllermanager-flags.ts';
import { optionReader } from './option-reader.ts';
import { loggingOptions } from './shared/logging-options.ts';
import type { LoggingOptions } from '../component-base/logs/logging-options.ts';

export interface ControllerManagerOptions {
  logging: LoggingOptions;
}

export function controllerManagerOptions(values: FlagValues): ControllerManagerOptions {
  const r = optionReader(controllerManagerFlags, values);
  return { logging: loggingOptions(r) };
}
