// What a write may change on a StatefulSet: bodies get apps/v1's defaults (one replica,
// OrderedReady pod management, a RollingUpdate strategy with partition 0, Retain claims on delete
// and scale down, ten revisions kept, the template's pod spec defaults, each claim template's
// claim defaults); a create starts with an empty status; the main resource keeps the status and
// bumps the generation when the spec changes; /status keeps the spec.
import type { StatefulSet } from '../../../../api/apps/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { defaultPersistentVolumeClaim } from '../../core/persistentvolumeclaims/defaults.ts';
import { semanticEqual } from '../workload/semantic-equal.ts';
import { defaultTemplate } from '../workload/template.ts';
import { validateStatefulSet, validateStatefulSetStatusUpdate, validateStatefulSetUpdate } from './validation.ts';

export function defaultStatefulSet(set: StatefulSet): StatefulSet {
  const spec = (set.spec ??= {});
  spec.podManagementPolicy ||= 'OrderedReady';
  const strategy = (spec.updateStrategy ??= {});
  if (!strategy.type) {
    strategy.type = 'RollingUpdate';
    strategy.rollingUpdate ??= {};
  }
  // maxUnavailable gets no default: the MaxUnavailableStatefulSet feature is off.
  if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate) strategy.rollingUpdate.partition ??= 0;
  const retention = (spec.persistentVolumeClaimRetentionPolicy ??= {});
  retention.whenDeleted ||= 'Retain';
  retention.whenScaled ||= 'Retain';
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  spec.template = defaultTemplate(spec.template);
  for (const claim of spec.volumeClaimTemplates ?? []) defaultPersistentVolumeClaim(claim);
  return set;
}

export const statefulSetStrategy: ResourceStrategy<StatefulSet> = {
  prepareForCreate(set) {
    defaultStatefulSet(set);
    set.status = { replicas: 0, availableReplicas: 0 };
  },
  prepareForUpdate(set, old) {
    defaultStatefulSet(set);
    set.status = structuredClone(old.status ?? { replicas: 0 });
    if (!semanticEqual(set.spec, old.spec)) set.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: validateStatefulSet,
  validateUpdate: validateStatefulSetUpdate,
  warningsOnCreate: () => [],
  warningsOnUpdate: () => [],
  // Defaults are filled after decoding: what is stored is written again in Go's field order.
  canonicalize: goEncoder('io.orch.api.apps.v1.StatefulSet', 'v1.StatefulSet'),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const statefulSetStatusStrategy: ResourceStrategy<StatefulSet> = {
  ...statefulSetStrategy,
  prepareForUpdate(set, old) {
    set.spec = structuredClone(old.spec ?? {});
  },
  validateUpdate: validateStatefulSetStatusUpdate,
};
