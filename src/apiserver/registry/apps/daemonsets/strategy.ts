// What a write may change on a DaemonSet: bodies get apps/v1's defaults (a RollingUpdate strategy
// with 1 unavailable and no surge, ten revisions kept, the template's pod spec defaults); a create
// starts with an empty status and template generation 1; the main resource keeps the status,
// raises the template generation and the generation when the template changes, and the
// generation alone when only the rest of the spec does; /status keeps the spec.
import type { DaemonSet, DaemonSetStatus } from '../../../../api/apps/v1/types.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { goEncoder } from '../../core/go-encoding.ts';
import { podNameWarnings } from '../workload/name-warning.ts';
import { semanticEqual } from '../workload/semantic-equal.ts';
import { defaultTemplate } from '../workload/template.ts';
import { setTemplateGeneration, templateGenerationOf } from './template-generation.ts';
import { validateDaemonSet, validateDaemonSetStatusUpdate, validateDaemonSetUpdate } from './validation.ts';

const EMPTY_STATUS: DaemonSetStatus = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };

export function defaultDaemonSet(ds: DaemonSet): DaemonSet {
  const spec = (ds.spec ??= {});
  const strategy = (spec.updateStrategy ??= {});
  strategy.type ||= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru = (strategy.rollingUpdate ??= {});
    ru.maxUnavailable ??= 1;
    ru.maxSurge ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  spec.template = defaultTemplate(spec.template);
  return ds;
}

export const daemonSetStrategy: ResourceStrategy<DaemonSet> = {
  prepareForCreate(ds) {
    defaultDaemonSet(ds);
    ds.status = { ...EMPTY_STATUS };
    setTemplateGeneration(ds, Math.max(templateGenerationOf(ds) ?? 0, 1));
  },
  prepareForUpdate(ds, old) {
    defaultDaemonSet(ds);
    ds.status = structuredClone(old.status ?? EMPTY_STATUS);
    const oldTemplateGeneration = templateGenerationOf(old) ?? 0;
    // A write without the annotation keeps the stored generation rather than lowering it.
    if (templateGenerationOf(ds) === undefined) setTemplateGeneration(ds, oldTemplateGeneration);
    if (!semanticEqual(ds.spec?.template, old.spec?.template)) {
      setTemplateGeneration(ds, oldTemplateGeneration + 1);
      ds.metadata.generation = (old.metadata.generation ?? 0) + 1;
    } else if (!semanticEqual(ds.spec, old.spec) || templateGenerationOf(ds) !== oldTemplateGeneration) {
      ds.metadata.generation = (old.metadata.generation ?? 0) + 1;
    }
  },
  validate: validateDaemonSet,
  validateUpdate: validateDaemonSetUpdate,
  warningsOnCreate: (ds) => podNameWarnings(ds.metadata.name),
  warningsOnUpdate: () => [],
  // Defaults are filled after decoding: what is stored is written again in Go's field order.
  canonicalize: goEncoder('io.orch.api.apps.v1.DaemonSet', 'v1.DaemonSet'),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

export const daemonSetStatusStrategy: ResourceStrategy<DaemonSet> = {
  ...daemonSetStrategy,
  prepareForUpdate(ds, old) {
    ds.spec = structuredClone(old.spec ?? {});
    setTemplateGeneration(ds, templateGenerationOf(old) ?? 0);
  },
  validateUpdate: validateDaemonSetStatusUpdate,
};
