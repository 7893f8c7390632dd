// What a write may change on a ReplicaSet: bodies get apps/v1's defaults (one replica; the
// template's pod spec defaults; unlike a replication controller, no selector or labels from the
// template); a create starts with an empty status; the main resource keeps the status and bumps
// the generation when the spec changes; /status keeps the spec.
import type { ReplicaSet } from '../../../../api/apps/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { podNameWarnings } from '../workload/name-warning.ts';
import { semanticEqual } from '../workload/semantic-equal.ts';
import { defaultTemplate } from '../workload/template.ts';
import { validateReplicaSet, validateReplicaSetStatusUpdate, validateReplicaSetUpdate } from './validation.ts';

export function defaultReplicaSet(rs: ReplicaSet): ReplicaSet {
  const spec = (rs.spec ??= {});
  spec.replicas ??= 1;
  spec.template = defaultTemplate(spec.template);
  return rs;
}

export const replicaSetStrategy: ResourceStrategy<ReplicaSet> = {
  prepareForCreate(rs) {
    defaultReplicaSet(rs);
    rs.status = { replicas: 0 };
  },
  prepareForUpdate(rs, old) {
    defaultReplicaSet(rs);
    rs.status = structuredClone(old.status ?? { replicas: 0 });
    if (!semanticEqual(rs.spec, old.spec)) rs.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
  validate: validateReplicaSet,
  validateUpdate: validateReplicaSetUpdate,
  warningsOnCreate: (rs) => podNameWarnings(rs.metadata.name),
  warningsOnUpdate: () => [],
  // Defaults are filled after decoding: what is stored is written again in Go's field order.
  canonicalize: goEncoder('io.orch.api.apps.v1.ReplicaSet', 'v1.ReplicaSet'),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const replicaSetStatusStrategy: ResourceStrategy<ReplicaSet> = {
  ...replicaSetStrategy,
  prepareForUpdate(rs, old) {
    rs.spec = structuredClone(old.spec ?? {});
  },
  validateUpdate: validateReplicaSetStatusUpdate,
};
