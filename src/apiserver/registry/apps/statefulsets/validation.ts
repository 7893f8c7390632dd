// StatefulSet validation as Kubernetes' ValidateStatefulSet and its update and status forms: a
// DNS-label name; a known pod management policy and update strategy (a rolling update's
// partition 0 or more, maxUnavailable a non-zero bound up to 100%); Retain or Delete claim
// retention; replicas, minReadySeconds and ordinals.start of 0 or more; a serviceName that is a
// DNS label (checked on create only, as sets made before the check must stay writable); a
// required, non-empty selector matching the template's labels. Kubernetes checks only the
// template's labels and annotations, not its pod spec, and restartPolicy Always. An update may
// change only replicas, ordinals, template, updateStrategy, persistentVolumeClaimRetentionPolicy
// and minReadySeconds. Status counts are 0 or more and bounded; collisionCount never goes down.
import type { RollingUpdateStatefulSetStrategy, StatefulSet, StatefulSetSpec, StatefulSetStatus } from '../../../../api/apps/v1/types.ts';
import type { PodTemplateSpec } from '../../../../api/core/v1/pod-types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { nameIsDNSLabel } from '../../../../machinery/validation/names.ts';
import { validateAnnotations, validateLabels, validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { dnsLabel, nonNegative } from '../../core/pods/validation/checks.ts';
import { MIRROR_POD_ANNOTATION } from '../../core/pods/validation/pod.ts';
import { goIntOrString, goIntOrStringText, goLabelSelector, goPointer } from '../workload/go-values.ts';
import { intOrPercentValue, notMoreThan100Percent, validatePositiveIntOrPercent } from '../workload/int-or-percent.ts';
import { semanticEqual } from '../workload/semantic-equal.ts';
import { selectorConverts, validateRequiredSelector, validateTemplateMatches } from '../workload/selector.ts';
import { validateCollisionCount } from '../workload/status.ts';

const RETENTION_POLICIES = ['Retain', 'Delete'];
const UPDATABLE = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'] as const;
export const FORBIDDEN_UPDATE_MESSAGE =
  "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";

function goRollingUpdate(ru: RollingUpdateStatefulSetStrategy): string {
  const maxUnavailable = ru.maxUnavailable === undefined || ru.maxUnavailable === null ? '(*intstr.IntOrString)(nil)' : `&${goIntOrStringText(ru.maxUnavailable)}`;
  return `apps.RollingUpdateStatefulSetStrategy{Partition:${ru.partition ?? 0}, MaxUnavailable:${maxUnavailable}}`;
}

function validateRollingUpdate(ru: RollingUpdateStatefulSetStrategy, path: string): FieldError[] {
  const errs = nonNegative(ru.partition ?? 0, `${path}.partition`);
  if (ru.maxUnavailable !== undefined && ru.maxUnavailable !== null) {
    const at = `${path}.maxUnavailable`;
    errs.push(...validatePositiveIntOrPercent(ru.maxUnavailable, at));
    if (intOrPercentValue(ru.maxUnavailable) === 0) errs.push(invalid(at, goIntOrString(ru.maxUnavailable), 'cannot be 0'));
    errs.push(...notMoreThan100Percent(ru.maxUnavailable, at));
  }
  return errs;
}

function validateUpdateStrategy(spec: StatefulSetSpec, path: string): FieldError[] {
  const strategy = spec.updateStrategy ?? {};
  const ru = strategy.rollingUpdate;
  switch (strategy.type ?? '') {
    case '':
      return [required(path)];
    case 'OnDelete':
      return ru ? [invalid(`${path}.rollingUpdate`, new RenderedValue(goRollingUpdate(ru)), "only allowed for updateStrategy 'RollingUpdate'")] : [];
    case 'RollingUpdate':
      return ru ? validateRollingUpdate(ru, `${path}.rollingUpdate`) : [];
    default: {
      const shown = `apps.StatefulSetUpdateStrategy{Type:${goQuote(strategy.type!)}, RollingUpdate:${goPointer('apps.RollingUpdateStatefulSetStrategy', !!ru)}}`;
      return [invalid(path, new RenderedValue(shown), "must be 'RollingUpdate' or 'OnDelete'")];
    }
  }
}

/** ValidatePodTemplateSpecForStatefulSet: the selector match, labels and annotations only. */
function validateTemplate(template: PodTemplateSpec | undefined, spec: StatefulSetSpec, path: string): FieldError[] {
  const meta = template?.metadata ?? {};
  const errs = validateTemplateMatches(spec.selector, meta.labels, path);
  errs.push(...validateLabels(meta.labels, `${path}.labels`), ...validateAnnotations(meta.annotations, `${path}.annotations`));
  const mirror = meta.annotations?.[MIRROR_POD_ANNOTATION];
  if (mirror !== undefined && !template?.spec?.nodeName) errs.push(invalid(`${path}.annotations[${MIRROR_POD_ANNOTATION}]`, mirror, 'must set spec.nodeName if mirror pod annotation is set'));
  return errs;
}

function validateSpec(spec: StatefulSetSpec, path: string, checkServiceName: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const policy = spec.podManagementPolicy ?? '';
  if (!policy) errs.push(required(`${path}.podManagementPolicy`));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') errs.push(invalid(`${path}.podManagementPolicy`, policy, "must be 'OrderedReady' or 'Parallel'"));
  errs.push(...validateUpdateStrategy(spec, `${path}.updateStrategy`));
  const retention = spec.persistentVolumeClaimRetentionPolicy;
  if (retention) {
    for (const key of ['whenDeleted', 'whenScaled'] as const) {
      const value = retention[key] ?? '';
      if (!RETENTION_POLICIES.includes(value)) errs.push(notSupported(`${path}.persistentVolumeClaimRetentionPolicy.${key}`, value, RETENTION_POLICIES));
    }
  }
  errs.push(...nonNegative(spec.replicas ?? 0, `${path}.replicas`), ...nonNegative(spec.minReadySeconds ?? 0, `${path}.minReadySeconds`));
  if (spec.ordinals) errs.push(...nonNegative(spec.ordinals.start ?? 0, `${path}.ordinals.start`));
  if (checkServiceName && spec.serviceName) errs.push(...dnsLabel(spec.serviceName, `${path}.serviceName`));
  errs.push(...validateRequiredSelector(spec.selector, `${path}.selector`, 'statefulset'));
  if (!selectorConverts(spec.selector)) errs.push(invalid(`${path}.selector`, goLabelSelector(spec.selector), ''));
  else errs.push(...validateTemplate(spec.template, spec, `${path}.template`));
  const restart = spec.template?.spec?.restartPolicy ?? '';
  if (restart !== 'Always') errs.push(notSupported(`${path}.template.spec.restartPolicy`, restart, ['Always']));
  const deadline = spec.template?.spec?.activeDeadlineSeconds;
  if (deadline !== undefined && deadline !== null) errs.push(forbidden(`${path}.template.spec.activeDeadlineSeconds`, 'activeDeadlineSeconds in StatefulSet is not Supported'));
  return errs;
}

/** The spec with the fields an update may change taken from the old one: anything else that differs is forbidden. */
function changesOnlyUpdatable(spec: StatefulSetSpec, old: StatefulSetSpec): boolean {
  const next: Record<string, unknown> = { ...spec };
  for (const key of UPDATABLE) next[key] = old[key];
  return semanticEqual(next, old);
}

function validateStatus(status: StatefulSetStatus | undefined, path: string): FieldError[] {
  const s = status ?? { replicas: 0 };
  const errs: FieldError[] = [];
  for (const key of ['replicas', 'readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'] as const) errs.push(...nonNegative(s[key] ?? 0, `${path}.${key}`));
  for (const key of ['observedGeneration', 'collisionCount'] as const) if (typeof s[key] === 'number') errs.push(...nonNegative(s[key], `${path}.${key}`));
  const replicas = s.replicas ?? 0;
  const msg = 'cannot be greater than status.replicas';
  for (const key of ['readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'] as const) if ((s[key] ?? 0) > replicas) errs.push(invalid(`${path}.${key}`, s[key]!, msg));
  if ((s.availableReplicas ?? 0) > (s.readyReplicas ?? 0)) errs.push(invalid(`${path}.availableReplicas`, s.availableReplicas!, 'cannot be greater than status.readyReplicas'));
  return errs;
}

export function validateStatefulSet(set: StatefulSet): StatusCause[] {
  const errs = validateObjectMeta(set.metadata, true, nameIsDNSLabel);
  errs.push(...validateSpec(set.spec ?? {}, 'spec', true));
  return toStatusCauses(errs);
}

export function validateStatefulSetUpdate(set: StatefulSet, old: StatefulSet): StatusCause[] {
  // The name is not checked again: sets once allowed DNS-subdomain names and must stay deletable.
  const errs = validateObjectMetaUpdate(set.metadata, old.metadata);
  errs.push(...validateSpec(set.spec ?? {}, 'spec', false));
  if (!changesOnlyUpdatable(set.spec ?? {}, old.spec ?? {})) errs.push(forbidden('spec', FORBIDDEN_UPDATE_MESSAGE));
  return toStatusCauses(errs);
}

export function validateStatefulSetStatusUpdate(set: StatefulSet, old: StatefulSet): StatusCause[] {
  const errs = validateStatus(set.status, 'status');
  errs.push(...validateObjectMetaUpdate(set.metadata, old.metadata));
  errs.push(...validateCollisionCount(set.status?.collisionCount, old.status?.collisionCount, 'status.collisionCount'));
  return toStatusCauses(errs);
}
