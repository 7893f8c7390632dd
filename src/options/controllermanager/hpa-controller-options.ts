// The horizontal pod autoscaler's rows as typed options, as Kubernetes names its configuration
// (HPAControllerConfiguration): the sync period, the tolerance, the downscale stabilization window,
// the CPU initialization period, the initial readiness delay and the worker count.
import type { OptionReader } from '../option-reader.ts';

export interface HPAControllerOptions {
  /** --concurrent-horizontal-pod-autoscaler-syncs; zero or less takes the row's default. */
  workers: number;
  /** --horizontal-pod-autoscaler-sync-period, ms: each autoscaler is reconciled this often. */
  syncPeriodMs: number;
  /** --horizontal-pod-autoscaler-tolerance. */
  tolerance: number;
  /** --horizontal-pod-autoscaler-downscale-stabilization, ms. */
  downscaleStabilizationMs: number;
  /** --horizontal-pod-autoscaler-cpu-initialization-period, ms. */
  cpuInitializationPeriodMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay, ms. */
  initialReadinessDelayMs: number;
}

export function hpaControllerOptions(r: OptionReader): HPAControllerOptions {
  return {
    workers: r.positiveNumber('concurrent-horizontal-pod-autoscaler-syncs'),
    syncPeriodMs: r.number('horizontal-pod-autoscaler-sync-period'),
    tolerance: r.number('horizontal-pod-autoscaler-tolerance'),
    downscaleStabilizationMs: r.number('horizontal-pod-autoscaler-downscale-stabilization'),
    cpuInitializationPeriodMs: r.number('horizontal-pod-autoscaler-cpu-initialization-period'),
    initialReadinessDelayMs: r.number('horizontal-pod-autoscaler-initial-readiness-delay'),
  };
}
