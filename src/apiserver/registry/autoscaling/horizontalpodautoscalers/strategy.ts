// What a write may change on a HorizontalPodAutoscaler, as Kubernetes' autoscaler strategy
// decides, in both served versions over the one stored (v2) form: bodies get v2's defaults (a v1
// body after conversion); a create starts with an empty status; the main resource keeps the
// status and /status keeps the spec. A v1 object keeps what its form cannot hold in annotations,
// so those of the status (current metrics, conditions) and of the spec (other metrics, behavior)
// are kept along with the part they belong to. Validation reads the v2 form.
import {
  BEHAVIOR_ANNOTATION, CONDITIONS_ANNOTATION, METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION, type HorizontalPodAutoscalerV1,
} from '../../../../api/autoscaling/v1/types.ts';
import type { HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec } from '../../../../api/autoscaling/v2/types.ts';
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import { toStatusCauses } from '../../../../machinery/validation/field-error.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { fromV1 } from './conversion.ts';
import { defaultHorizontalPodAutoscaler } from './defaults.ts';
import { validateHorizontalPodAutoscaler, validateHorizontalPodAutoscalerStatusUpdate, validateHorizontalPodAutoscalerUpdate } from './validation.ts';

const emptyStatus = () => ({ desiredReplicas: 0, currentMetrics: null });

export const horizontalPodAutoscalerStrategy: ResourceStrategy<HorizontalPodAutoscaler> = {
  prepareForCreate(hpa) {
    defaultHorizontalPodAutoscaler(hpa);
    hpa.status = emptyStatus();
  },
  prepareForUpdate(hpa, old) {
    defaultHorizontalPodAutoscaler(hpa);
    hpa.status = structuredClone(old.status ?? emptyStatus());
  },
  validate: (hpa) => toStatusCauses(validateHorizontalPodAutoscaler(hpa)),
  validateUpdate: (hpa, old) => toStatusCauses(validateHorizontalPodAutoscalerUpdate(hpa, old)),
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  // Defaults are filled after decoding: what is stored is written again in Go's field order.
  canonicalize: goEncoder('io.orch.api.autoscaling.v2.HorizontalPodAutoscaler', 'v2.HorizontalPodAutoscaler'),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const horizontalPodAutoscalerStatusStrategy: ResourceStrategy<HorizontalPodAutoscaler> = {
  ...horizontalPodAutoscalerStrategy,
  prepareForUpdate(hpa, old) {
    hpa.spec = structuredClone(old.spec ?? ({} as HorizontalPodAutoscalerSpec));
  },
  validateUpdate: (hpa, old) => toStatusCauses(validateHorizontalPodAutoscalerStatusUpdate(hpa, old)),
};

const STATUS_ANNOTATIONS = [METRIC_STATUSES_ANNOTATION, CONDITIONS_ANNOTATION];
const SPEC_ANNOTATIONS = [METRIC_SPECS_ANNOTATION, BEHAVIOR_ANNOTATION];

/** `meta`'s annotations with `keys` as `old` has them. */
function keepAnnotations(meta: ObjectMeta, old: ObjectMeta, keys: readonly string[]): void {
  const next = { ...meta.annotations };
  for (const key of keys) {
    const was = old.annotations?.[key];
    if (was === undefined) delete next[key];
    else next[key] = was;
  }
  if (Object.keys(next).length) meta.annotations = next;
  else delete meta.annotations;
}

const asV2 = (hpa: HorizontalPodAutoscalerV1) => fromV1(hpa);

export const horizontalPodAutoscalerV1Strategy: ResourceStrategy<HorizontalPodAutoscalerV1> = {
  prepareForCreate(hpa) {
    hpa.status = { currentReplicas: 0, desiredReplicas: 0 };
    keepAnnotations(hpa.metadata, {}, STATUS_ANNOTATIONS);
  },
  prepareForUpdate(hpa, old) {
    hpa.status = structuredClone(old.status ?? { currentReplicas: 0, desiredReplicas: 0 });
    keepAnnotations(hpa.metadata, old.metadata, STATUS_ANNOTATIONS);
  },
  validate: (hpa) => toStatusCauses(validateHorizontalPodAutoscaler(asV2(hpa))),
  validateUpdate: (hpa, old) => toStatusCauses(validateHorizontalPodAutoscalerUpdate(asV2(hpa), asV2(old))),
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const horizontalPodAutoscalerV1StatusStrategy: ResourceStrategy<HorizontalPodAutoscalerV1> = {
  ...horizontalPodAutoscalerV1Strategy,
  prepareForUpdate(hpa, old) {
    hpa.spec = structuredClone(old.spec ?? ({} as NonNullable<HorizontalPodAutoscalerV1['spec']>));
    keepAnnotations(hpa.metadata, old.metadata, SPEC_ANNOTATIONS);
  },
  validateUpdate: (hpa, old) => toStatusCauses(validateHorizontalPodAutoscalerStatusUpdate(asV2(hpa), asV2(old))),
};
