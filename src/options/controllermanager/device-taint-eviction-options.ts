// The device-taint-eviction controller's row as a typed option: --concurrent-device-taint-eviction-syncs.
import type { OptionReader } from '../option-reader.ts';

export interface DeviceTaintEvictionControllerOptions {
  /** Workers evicting pods and writing DeviceTaintRule status; zero or less takes the row's default. */
  workers: number;
}

export function deviceTaintEvictionControllerOptions(r: OptionReader): DeviceTaintEvictionControllerOptions {
  return { workers: r.positiveNumber('concurrent-device-taint-eviction-syncs') };
}
