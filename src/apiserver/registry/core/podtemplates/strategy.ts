// What a write may change on a PodTemplate: the template's spec is defaulted as a pod's is, and
// a change to the template bumps the generation.
import type { PodSpec, PodTemplate } from '../../../../api/core/v1/pod-types.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { validatingStrategy, type ResourceStrategy } from '../../resource.ts';
import { defaultPodSpec } from '../pods/defaults.ts';
import { validatePodTemplate, validatePodTemplateUpdate } from './validation.ts';

export function defaultPodTemplate(tpl: PodTemplate): PodTemplate {
  const template = (tpl.template ??= {});
  defaultPodSpec((template.spec ??= {} as PodSpec));
  return tpl;
}

export const podTemplateStrategy: ResourceStrategy<PodTemplate> = {
  ...validatingStrategy({ validate: validatePodTemplate, validateUpdate: validatePodTemplateUpdate, allowCreateOnUpdate: false }),
  prepareForCreate(tpl) {
    defaultPodTemplate(tpl);
  },
  prepareForUpdate(tpl, old) {
    defaultPodTemplate(tpl);
    if (!deepEqual(tpl.template, old.template)) tpl.metadata.generation = (old.metadata.generation ?? 0) + 1;
  },
};
