// ReplicationController validation as Kubernetes' ValidateReplicationController and its update
// and status forms: a non-empty selector that matches the template's labels, replicas and
// minReadySeconds of 0 or more, a template that is a valid pod template with restartPolicy
// Always and no activeDeadlineSeconds; status counts of 0 or more that do not exceed replicas.
import type { ReplicationController, ReplicationControllerSpec, ReplicationControllerStatus } from '../../../../api/core/v1/pod-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, required, RenderedValue, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { nonNegative } from '../pods/validation/checks.ts';
import { validatePodTemplateSpec } from '../pods/validation/template.ts';

/** A Go map[string]string as %#v prints it. */
function goStringMap(m: Record<string, string> | undefined): RenderedValue {
  if (!m) return new RenderedValue('map[string]string(nil)');
  return new RenderedValue(`map[string]string{${Object.keys(m).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`).join(', ')}}`);
}

function validateTemplate(spec: ReplicationControllerSpec, path: string): FieldError[] {
  const template = spec.template;
  if (!template) return [required(path)];
  const errs: FieldError[] = [];
  const selector = spec.selector ?? {};
  const labels = template.metadata?.labels ?? {};
  if (Object.keys(selector).length && Object.entries(selector).some(([k, v]) => labels[k] !== v)) {
    errs.push(invalid(`${path}.metadata.labels`, goStringMap(template.metadata?.labels), '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(template, path));
  const restart = template.spec?.restartPolicy ?? '';
  if (restart !== 'Always') errs.push(notSupported(`${path}.spec.restartPolicy`, restart, ['Always']));
  if (template.spec?.activeDeadlineSeconds !== undefined) errs.push(forbidden(`${path}.spec.activeDeadlineSeconds`, 'activeDeadlineSeconds in ReplicationController is not Supported'));
  return errs;
}

function validateSpec(spec: ReplicationControllerSpec, path: string): FieldError[] {
  const errs = nonNegative(spec.minReadySeconds ?? 0, `${path}.minReadySeconds`);
  if (!Object.keys(spec.selector ?? {}).length) errs.push(required(`${path}.selector`));
  errs.push(...nonNegative(spec.replicas ?? 0, `${path}.replicas`));
  errs.push(...validateTemplate(spec, `${path}.template`));
  return errs;
}

function validateStatus(status: ReplicationControllerStatus | undefined, path: string): FieldError[] {
  return validateReplicaCounts(status ?? { replicas: 0 }, path);
}

/**
 * The replica counts a replication controller's or replica set's status holds, as Kubernetes
 * checks them; a replica set also counts terminating replicas, when it reports them.
 */
export function validateReplicaCounts(
  s: Pick<ReplicationControllerStatus, 'replicas' | 'fullyLabeledReplicas' | 'readyReplicas' | 'availableReplicas' | 'observedGeneration'>,
  path: string,
  terminatingReplicas?: number | null,
): FieldError[] {
  const replicas = s.replicas ?? 0;
  const errs: FieldError[] = [];
  for (const key of ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas', 'observedGeneration'] as const) errs.push(...nonNegative(s[key] ?? 0, `${path}.${key}`));
  if (terminatingReplicas !== undefined && terminatingReplicas !== null) errs.push(...nonNegative(terminatingReplicas, `${path}.terminatingReplicas`));
  const msg = 'cannot be greater than status.replicas';
  if ((s.fullyLabeledReplicas ?? 0) > replicas) errs.push(invalid(`${path}.fullyLabeledReplicas`, s.fullyLabeledReplicas!, msg));
  if ((s.readyReplicas ?? 0) > replicas) errs.push(invalid(`${path}.readyReplicas`, s.readyReplicas!, msg));
  if ((s.availableReplicas ?? 0) > replicas) errs.push(invalid(`${path}.availableReplicas`, s.availableReplicas!, msg));
  if ((s.availableReplicas ?? 0) > (s.readyReplicas ?? 0)) errs.push(invalid(`${path}.availableReplicas`, s.availableReplicas!, 'cannot be greater than readyReplicas'));
  return errs;
}

export function validateReplicationController(rc: ReplicationController): StatusCause[] {
  const errs = validateObjectMeta(rc.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateSpec(rc.spec ?? {}, 'spec'));
  return toStatusCauses(errs);
}

export function validateReplicationControllerUpdate(rc: ReplicationController, old: ReplicationController): StatusCause[] {
  const errs = validateObjectMetaUpdate(rc.metadata, old.metadata);
  errs.push(...validateSpec(rc.spec ?? {}, 'spec'));
  return toStatusCauses(errs);
}

export function validateReplicationControllerStatusUpdate(rc: ReplicationController, old: ReplicationController): StatusCause[] {
  const errs = validateObjectMetaUpdate(rc.metadata, old.metadata);
  errs.push(...validateStatus(rc.status, 'status'));
  return toStatusCauses(errs);
}
