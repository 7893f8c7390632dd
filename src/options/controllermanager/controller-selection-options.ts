// The controller selection rows (which controllers run, how they start and stop, and as whom) as a
// typed options object; controllers-validate.ts checks --controllers against the known names.
import type { OptionReader } from '../option-reader.ts';

export interface ControllerSelectionOptions {
  /** --controllers entries: '*', 'name' or '-name'. */
  controllers: string[];
  startIntervalMs: number;
  shutdownTimeoutMs: number;
  /** Each controller writes as its own service account in orch-system. */
  useServiceAccountCredentials: boolean;
}

export function controllerSelectionOptions(r: OptionReader): ControllerSelectionOptions {
  return {
    controllers: r.strings('controllers'),
    startIntervalMs: r.number('controller-start-interval'),
    shutdownTimeoutMs: r.number('controller-shutdown-timeout'),
    useServiceAccountCredentials: r.bool('use-service-account-credentials'),
  };
}
