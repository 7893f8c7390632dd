// What a write may change on a Deployment: bodies get apps/v1's defaults (one replica, a
// RollingUpdate strategy with 25% unavailable and 25% surge, ten revisions kept, a 600 s
// progress deadline, the template's pod spec defaults); a create starts with an empty status; the
// main resource keeps the status and bumps the generation when the spec or the annotations
// change (annotations are copied to the replica sets); /status keeps the spec and the labels.
import type { Deployment } from '../../../../api/apps/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { podNameWarnings } from '../workload/name-warning.ts';
import { semanticEqual } from '../workload/semantic-equal.ts';
import { defaultTemplate } from '../workload/template.ts';
import { validateDeployment, validateDeploymentStatusUpdate, validateDeploymentUpdate } from './validation.ts';

export function defaultDeployment(d: Deployment): Deployment {
  const spec = (d.spec ??= {});
  spec.replicas ??= 1;
  const strategy = (spec.strategy ??= {});
  strategy.type ||= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = (strategy.rollingUpdate ??= {});
    ru.maxUnavailable ??= '25%';
    ru.maxSurge ??= '25%';
  }
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  spec.template = defaultTemplate(spec.template);
  return d;
}

export const deploymentStrategy: ResourceStrategy<Deployment> = {
  prepareForCreate(d) {
    defaultDeployment(d);
    d.status = {};
  },
  prepareForUpdate(d, old) {
    defaultDeployment(d);
    d.status = structuredClone(old.status ?? {});
    if (!semanticEqual(d.spec, old.spec) || !semanticEqual(d.metadata.annotations, old.metadata.annotations)) {
      d.metadata.generation = (old.metadata.generation ?? 0) + 1;
    }
  },
  validate: validateDeployment,
  validateUpdate: validateDeploymentUpdate,
  warningsOnCreate: (d) => podNameWarnings(d.metadata.name),
  warningsOnUpdate: () => [],
  // Defaults are filled after decoding: what is stored is written again in Go's field order.
  canonicalize: goEncoder('io.orch.api.apps.v1.Deployment', 'v1.Deployment'),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const deploymentStatusStrategy: ResourceStrategy<Deployment> = {
  ...deploymentStrategy,
  prepareForUpdate(d, old) {
    d.spec = structuredClone(old.spec ?? {});
    if (old.metadata.labels) d.metadata.labels = structuredClone(old.metadata.labels);
    else delete d.metadata.labels;
  },
  validateUpdate: validateDeploymentStatusUpdate,
};
