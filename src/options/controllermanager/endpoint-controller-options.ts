// The service networking controllers' rows as typed options, named as Kubernetes names their
// configurations (EndpointController, EndpointSliceController, EndpointSliceMirroringController).
import type { OptionReader } from '../option-reader.ts';

export interface EndpointControllerOptions {
  /** --concurrent-endpoint-syncs; zero or less takes the row's default. */
  workers: number;
  /** --endpoint-updates-batch-period: pod changes wait this long (ms) to be synced together. */
  batchPeriodMs: number;
}

export function endpointControllerOptions(r: OptionReader): EndpointControllerOptions {
  return { workers: r.positiveNumber('concurrent-endpoint-syncs'), batchPeriodMs: r.number('endpoint-updates-batch-period') };
}

export interface EndpointSliceControllerOptions {
  /** --concurrent-service-endpoint-syncs; zero or less takes the row's default. */
  workers: number;
  /** --max-endpoints-per-slice. */
  maxEndpointsPerSlice: number;
  /** --endpointslice-updates-batch-period, in ms. */
  batchPeriodMs: number;
}

export function endpointSliceControllerOptions(r: OptionReader): EndpointSliceControllerOptions {
  return {
    workers: r.positiveNumber('concurrent-service-endpoint-syncs'),
    maxEndpointsPerSlice: r.positiveNumber('max-endpoints-per-slice'),
    batchPeriodMs: r.number('endpointslice-updates-batch-period'),
  };
}

export interface EndpointSliceMirroringControllerOptions {
  /** --mirroring-concurrent-service-endpoint-syncs; zero or less takes the row's default. */
  workers: number;
  /** --mirroring-max-endpoints-per-subset. */
  maxEndpointsPerSubset: number;
  /** --mirroring-endpointslice-updates-batch-period, in ms. */
  batchPeriodMs: number;
}

export function endpointSliceMirroringControllerOptions(r: OptionReader): EndpointSliceMirroringControllerOptions {
  return {
    workers: r.positiveNumber('mirroring-concurrent-service-endpoint-syncs'),
    maxEndpointsPerSubset: r.positiveNumber('mirroring-max-endpoints-per-subset'),
    batchPeriodMs: r.number('mirroring-endpointslice-updates-batch-period'),
  };
}
