// What a write may change on a ReplicationController: bodies get Kubernetes' defaults (one
// replica; selector and, when empty, labels from the template's labels; the template's pod spec
// defaults); a create starts with an empty status; the main resource keeps the status and bumps
// the generation when the spec changes; /status keeps the spec.
import type { PodSpec, ReplicationController } from '../../../../api/core/v1/pod-types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { defaultPodSpec } from '../pods/defaults.ts';
import { validateReplicationController, validateReplicationControllerStatusUpdate, validateReplicationControllerUpdate } from './validation.ts';

export function defaultReplicationController(rc: ReplicationController): ReplicationController {
  const spec = (rc.spec ??= {});
  spec.replicas ??= 1;
  const labels = spec.template?.metadata?.labels;
  if (labels) {
    if (!Object.keys(spec.selector ?? {}).length) spec.selector = { ...labels };
    if (!Object.keys(rc.metadata.labels ?? {}).length) rc.metadata.labels = { ...labels };
  }
  if (spec.template) defaultPodSpec((spec.template.spec ??= {} as PodSpec));
  return rc;
}

export const replicationControllerStrategy: ResourceStrategy<ReplicationController> = {
  prepareForCreate(rc) {
    defaultReplicationController(rc);
    rc.status = { replicas: 0 };
  },
  prepareForUpdate(rc, old) {
    defaultReplicationController(rc);
    rc.status = structuredClone(old.status ?? { replicas: 0 });
    if (!deepEqual(rc.spec, old.spec)) rc.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: validateReplicationController,
  validateUpdate: validateReplicationControllerUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const replicationControllerStatusStrategy: ResourceStrategy<ReplicationController> = {
  ...replicationControllerStrategy,
  prepareForUpdate(rc, old) {
    rc.spec = structuredClone(old.spec ?? {});
  },
  validateUpdate: validateReplicationControllerStatusUpdate,
};
