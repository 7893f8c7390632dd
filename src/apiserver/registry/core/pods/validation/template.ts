// ValidatePodTemplateSpec, for the kinds that hold a pod template (PodTemplate,
// ReplicationController): the template's labels and annotations (reported at <path>.labels and
// <path>.annotations, as Kubernetes reports them), its spec as a template's (host ports may be
// left 0 with hostNetwork), and no ephemeral containers.
import type { PodSpec, PodTemplateSpec } from '../../../../../api/core/v1/pod-types.ts';
import { forbidden, invalid, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { validateAnnotations, validateLabels } from '../../../../../machinery/validation/object-meta.ts';
import { MIRROR_POD_ANNOTATION } from './pod.ts';
import { validatePodSpec } from './pod-spec.ts';

export function validatePodTemplateSpec(template: PodTemplateSpec, path: string): FieldError[] {
  const meta = template.metadata ?? {};
  const spec = template.spec ?? ({} as PodSpec);
  const errs = [...validateLabels(meta.labels, `${path}.labels`), ...validateAnnotations(meta.annotations, `${path}.annotations`)];
  const mirror = meta.annotations?.[MIRROR_POD_ANNOTATION];
  if (mirror !== undefined && !spec.nodeName) errs.push(invalid(`${path}.annotations[${MIRROR_POD_ANNOTATION}]`, mirror, 'must set spec.nodeName if mirror pod annotation is set'));
  errs.push(...validatePodSpec(spec, `${path}.spec`, { isPod: false }));
  if (spec.ephemeralContainers?.length) errs.push(forbidden(`${path}.spec.ephemeralContainers`, 'ephemeral containers not allowed in pod template'));
  return errs;
}
