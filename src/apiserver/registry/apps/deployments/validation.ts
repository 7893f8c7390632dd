// Deployment validation as Kubernetes' ValidateDeployment and its update and status forms: the
// replica set rules for replicas, selector and template; a strategy that is Recreate (without
// rollingUpdate) or RollingUpdate with bounds that are integers or percentages, not both 0 and
// maxUnavailable at most 100%; minReadySeconds, revisionHistoryLimit and progressDeadlineSeconds
// of 0 or more, the deadline above minReadySeconds. On update the selector never changes. Status
// counts are 0 or more and bounded, and collisionCount never goes down.
import type { Deployment, DeploymentSpec, DeploymentStatus, DeploymentStrategy } from '../../../../api/apps/v1/types.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import { forbidden, invalid, notSupported, RenderedValue, required, toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { nameIsDNSSubdomain } from '../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../machinery/validation/object-meta.ts';
import { nonNegative } from '../../core/pods/validation/checks.ts';
import { validateReplicaTemplateAndSelector, validateSelectorUnchanged } from '../replicasets/validation.ts';
import { goIntOrString, goPointer } from '../workload/go-values.ts';
import { intOrPercentValue, notMoreThan100Percent, validatePositiveIntOrPercent } from '../workload/int-or-percent.ts';
import { validateCollisionCount } from '../workload/status.ts';

function validateStrategy(strategy: DeploymentStrategy | undefined, path: string): FieldError[] {
  const s = strategy ?? {};
  switch (s.type) {
    case 'Recreate':
      return s.rollingUpdate ? [forbidden(`${path}.rollingUpdate`, "may not be specified when strategy `type` is 'Recreate'")] : [];
    case 'RollingUpdate': {
      const ru = s.rollingUpdate;
      if (!ru) return [required(`${path}.rollingUpdate`, 'this should be defaulted and never be nil')];
      const at = `${path}.rollingUpdate`;
      const errs = [...validatePositiveIntOrPercent(ru.maxUnavailable, `${at}.maxUnavailable`), ...validatePositiveIntOrPercent(ru.maxSurge, `${at}.maxSurge`)];
      if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
        errs.push(invalid(`${at}.maxUnavailable`, goIntOrString(ru.maxUnavailable), 'may not be 0 when `maxSurge` is 0'));
      }
      errs.push(...notMoreThan100Percent(ru.maxUnavailable, `${at}.maxUnavailable`));
      return errs;
    }
    default: {
      const shown = new RenderedValue(`apps.DeploymentStrategy{Type:${goQuote(s.type ?? '')}, RollingUpdate:${goPointer('apps.RollingUpdateDeployment', !!s.rollingUpdate)}}`);
      return [notSupported(path, shown, ['Recreate', 'RollingUpdate'])];
    }
  }
}

function validateSpec(spec: DeploymentSpec, path: string): FieldError[] {
  const errs = nonNegative(spec.replicas ?? 0, `${path}.replicas`);
  errs.push(...validateReplicaTemplateAndSelector(spec, path));
  errs.push(...validateStrategy(spec.strategy, `${path}.strategy`));
  const minReady = spec.minReadySeconds ?? 0;
  errs.push(...nonNegative(minReady, `${path}.minReadySeconds`));
  if (typeof spec.revisionHistoryLimit === 'number') errs.push(...nonNegative(spec.revisionHistoryLimit, `${path}.revisionHistoryLimit`));
  if (typeof spec.progressDeadlineSeconds === 'number') {
    errs.push(...nonNegative(spec.progressDeadlineSeconds, `${path}.progressDeadlineSeconds`));
    if (spec.progressDeadlineSeconds <= minReady) errs.push(invalid(`${path}.progressDeadlineSeconds`, spec.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
  }
  return errs;
}

function validateStatus(status: DeploymentStatus | undefined, path: string): FieldError[] {
  const s = status ?? {};
  const errs: FieldError[] = [];
  for (const key of ['observedGeneration', 'replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas'] as const) errs.push(...nonNegative(s[key] ?? 0, `${path}.${key}`));
  for (const key of ['terminatingReplicas', 'collisionCount'] as const) if (typeof s[key] === 'number') errs.push(...nonNegative(s[key], `${path}.${key}`));
  const replicas = s.replicas ?? 0;
  const msg = 'cannot be greater than status.replicas';
  if ((s.updatedReplicas ?? 0) > replicas) errs.push(invalid(`${path}.updatedReplicas`, s.updatedReplicas!, msg));
  if ((s.readyReplicas ?? 0) > replicas) errs.push(invalid(`${path}.readyReplicas`, s.readyReplicas!, msg));
  if ((s.availableReplicas ?? 0) > replicas) errs.push(invalid(`${path}.availableReplicas`, s.availableReplicas!, msg));
  if ((s.availableReplicas ?? 0) > (s.readyReplicas ?? 0)) errs.push(invalid(`${path}.availableReplicas`, s.availableReplicas!, 'cannot be greater than readyReplicas'));
  return errs;
}

export function validateDeployment(d: Deployment): StatusCause[] {
  const errs = validateObjectMeta(d.metadata, true, nameIsDNSSubdomain);
  errs.push(...validateSpec(d.spec ?? {}, 'spec'));
  return toStatusCauses(errs);
}

export function validateDeploymentUpdate(d: Deployment, old: Deployment): StatusCause[] {
  const errs = validateObjectMetaUpdate(d.metadata, old.metadata);
  errs.push(...validateSpec(d.spec ?? {}, 'spec'));
  errs.push(...validateSelectorUnchanged(d.spec, old.spec));
  return toStatusCauses(errs);
}

export function validateDeploymentStatusUpdate(d: Deployment, old: Deployment): StatusCause[] {
  const errs = validateObjectMetaUpdate(d.metadata, old.metadata);
  errs.push(...validateStatus(d.status, 'status'));
  errs.push(...validateCollisionCount(d.status?.collisionCount, old.status?.collisionCount, 'status.collisionCount'));
  return toStatusCauses(errs);
}
