// PodTemplate validation as Kubernetes' ValidatePodTemplate and ValidatePodTemplateUpdate: the
// metadata (a DNS-subdomain name) and the template as a pod template spec, at `template`.
import type { PodTemplate } from '../../../../api/core/v1/pod-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { toStatusCauses } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { validatePodTemplateSpec } from '../pods/validation/template.ts';

export function validatePodTemplate(tpl: PodTemplate): StatusCause[] {
  const errs = validateObjectMeta(tpl.metadata, true, nameIsDNSSubdomain);
  errs.push(...validatePodTemplateSpec(tpl.template ?? {}, 'template'));
  return toStatusCauses(errs);
}

export function validatePodTemplateUpdate(tpl: PodTemplate, old: PodTemplate): StatusCause[] {
  const errs = validateObjectMetaUpdate(tpl.metadata, old.metadata);
  errs.push(...validatePodTemplateSpec(tpl.template ?? {}, 'template'));
  return toStatusCauses(errs);
}
