// What the apps kinds share about their pod template: it is defaulted as a pod's spec is, and
// (for deployments and replica sets, ValidatePodTemplateSpecForReplicaSet; daemon sets alike)
// validated as a pod template with restartPolicy Always and no activeDeadlineSeconds.
import type { PodSpec, PodTemplateSpec } from '../../../../api/core/v1/pod-types.ts';
import { forbidden, notSupported, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { defaultPodSpec } from '../../core/pods/defaults.ts';
import { validatePodTemplateSpec } from '../../core/pods/validation/template.ts';

/** The template, made present (Go's template is a value, never nil) with its pod spec defaulted. */
export function defaultTemplate(template: PodTemplateSpec | undefined): PodTemplateSpec {
  const t = template ?? {};
  defaultPodSpec((t.spec ??= {} as PodSpec));
  return t;
}

/** A pod template the workload runs forever: validated as pods are, restarted Always, no deadline. */
export function validateLongRunningTemplate(template: PodTemplateSpec | undefined, path: string, kind: string): FieldError[] {
  const t = template ?? {};
  const errs = validatePodTemplateSpec(t, path);
  const restart = t.spec?.restartPolicy ?? '';
  if (restart !== 'Always') errs.push(notSupported(`${path}.spec.restartPolicy`, restart, ['Always']));
  if (t.spec?.activeDeadlineSeconds !== undefined && t.spec.activeDeadlineSeconds !== null) {
    errs.push(forbidden(`${path}.spec.activeDeadlineSeconds`, `activeDeadlineSeconds in ${kind} is not Supported`));
  }
  return errs;
}
