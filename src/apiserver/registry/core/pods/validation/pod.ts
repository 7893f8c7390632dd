// A pod as Kubernetes' ValidatePodCreate and ValidatePodUpdate check it: metadata, pod-only
// annotation rules, the spec, and what only a pod (not a template) must satisfy; then, on
// update, the few spec changes a pod allows: container and init container images, a set or
// lowered activeDeadlineSeconds, added tolerations, removed scheduling gates (and, while gated,
// added nodeSelector entries). Any other change is refused with Kubernetes' message and a diff.
import type { Pod, PodSpec, Toleration } from '../../../../../api/core/v1/pod-types.ts';
import type { ObjectMeta } from '../../../../../api/meta/v1/types.ts';
import { forbidden, invalid, required, RenderedValue, type FieldError } from '../../../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../../../machinery/validation/immutable.ts';
import { nameIsDNSSubdomain } from '../../../../../machinery/validation/names.ts';
import { validateObjectMeta, validateObjectMetaUpdate } from '../../../../../machinery/validation/object-meta.ts';
import { inclusiveRangeError, MAX_INT32 } from './checks.ts';
import { validatePodSpec } from './pod-spec.ts';
import { validateTolerations } from './scheduling.ts';
import { podSpecDiff } from './spec-diff.ts';

export const MIRROR_POD_ANNOTATION = 'orch.io/config.mirror';
export const POD_DELETION_COST_ANNOTATION = 'controller.orch.io/pod-deletion-cost';

const UPDATABLE_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

/** A Go map[string]string as %#v prints it. */
function goStringMap(m: Record<string, string> | undefined): RenderedValue {
  if (!m) return new RenderedValue('map[string]string(nil)');
  const entries = Object.keys(m).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`);
  return new RenderedValue(`map[string]string{${entries.join(', ')}}`);
}

/** A 32-bit integer written without a plus sign or leading zeros. */
function isDeletionCost(value: string): boolean {
  if (!/^(-[0-9]+|0|[1-9][0-9]*)$/.test(value)) return false;
  const n = Number(value);
  return n >= -(2 ** 31) && n <= 2 ** 31 - 1;
}

function validatePodAnnotations(meta: ObjectMeta, spec: PodSpec): FieldError[] {
  const annotations = meta.annotations ?? {};
  const errs: FieldError[] = [];
  const path = 'metadata.annotations';
  const mirror = annotations[MIRROR_POD_ANNOTATION];
  if (mirror !== undefined && !spec.nodeName) errs.push(invalid(`${path}[${MIRROR_POD_ANNOTATION}]`, mirror, 'must set spec.nodeName if mirror pod annotation is set'));
  const cost = annotations[POD_DELETION_COST_ANNOTATION];
  if (cost !== undefined && !isDeletionCost(cost)) errs.push(invalid(`${path}[${POD_DELETION_COST_ANNOTATION}]`, cost, 'must be a 32bit integer'));
  return errs;
}

/** Only a pod's own images must be free of surrounding whitespace (templates keep their old leniency). */
function validateImagesOfPod(spec: PodSpec): FieldError[] {
  const errs: FieldError[] = [];
  for (const list of ['containers', 'initContainers'] as const) {
    (spec[list] ?? []).forEach((c, i) => {
      const image = c.image ?? '';
      if (image.trim() !== image) errs.push(invalid(`spec.${list}[${i}].image`, image, 'must not have leading or trailing whitespace'));
    });
  }
  return errs;
}

/** validatePodMetadataAndSpec: what create and every kind of update check on the whole pod. */
export function validatePodMetadataAndSpec(pod: Pod): FieldError[] {
  const spec = pod.spec ?? ({} as PodSpec);
  const errs = validateObjectMeta(pod.metadata, true, nameIsDNSSubdomain);
  errs.push(...validatePodAnnotations(pod.metadata, spec));
  errs.push(...validatePodSpec(spec, 'spec', { isPod: true, podName: pod.metadata.name }));
  if (!spec.serviceAccountName) {
    (spec.volumes ?? []).forEach((v, i) => {
      (v.projected?.sources ?? []).forEach((s, j) => {
        if (s.serviceAccountToken) errs.push(forbidden(`spec.volumes[${i}].projected.sources[${j}].serviceAccountToken`, 'must not be specified when serviceAccountName is not set'));
      });
    });
  }
  errs.push(...validateImagesOfPod(spec));
  return errs;
}

export function validatePodCreate(pod: Pod): FieldError[] {
  const errs = validatePodMetadataAndSpec(pod);
  const spec = pod.spec ?? ({} as PodSpec);
  if (spec.ephemeralContainers?.length) errs.push(forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  if (spec.nodeName && spec.schedulingGates?.length) errs.push(forbidden('spec.nodeName', 'cannot be set until all schedulingGates have been cleared'));
  return errs;
}

/** The mirror annotation of a node's static pod may be neither added, changed nor removed. */
export function validatePodAnnotationUpdates(pod: Pod, old: Pod): FieldError[] {
  const now = pod.metadata.annotations ?? {};
  const before = old.metadata.annotations ?? {};
  const key = `metadata.annotations[${MIRROR_POD_ANNOTATION}]`;
  if (MIRROR_POD_ANNOTATION in before && now[MIRROR_POD_ANNOTATION] !== before[MIRROR_POD_ANNOTATION]) return [forbidden(key, 'may not remove or update mirror pod annotation')];
  if (!(MIRROR_POD_ANNOTATION in before) && MIRROR_POD_ANNOTATION in now) return [forbidden(key, 'may not add mirror pod annotation')];
  return [];
}

function validateContainerImageUpdates(now: readonly { image?: string }[] | undefined, before: readonly unknown[] | undefined, path: string): { errs: FieldError[]; stop: boolean } {
  if ((now ?? []).length !== (before ?? []).length) return { errs: [forbidden(path, 'pod updates may not add or remove containers')], stop: true };
  const errs: FieldError[] = [];
  (now ?? []).forEach((c, i) => {
    const image = c.image ?? '';
    if (!image) errs.push(required(`${path}[${i}].image`));
    if (image.trim() !== image) errs.push(invalid(`${path}[${i}].image`, image, 'must not have leading or trailing whitespace'));
  });
  return { errs, stop: false };
}

/** Existing tolerations stay as they are (their tolerationSeconds aside); new ones may be added. */
function validateOnlyAddedTolerations(now: readonly Toleration[] | undefined, before: readonly Toleration[] | undefined, path: string): FieldError[] {
  for (const old of before ?? []) {
    const kept = (now ?? []).some((t) => deepEqual({ ...old, tolerationSeconds: t.tolerationSeconds }, t));
    if (!kept) return [forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return validateTolerations(now, path);
}

function validateOnlyDeletedSchedulingGates(now: readonly { name: string }[] | undefined, before: readonly { name: string }[] | undefined, path: string): FieldError[] {
  const old = new Set((before ?? []).map((g) => g.name));
  const errs: FieldError[] = [];
  (now ?? []).forEach((g, i) => {
    if (!old.has(g.name)) errs.push(forbidden(`${path}[${i}].name`, `only deletion is allowed, but found new scheduling gate '${g.name}'`));
  });
  return errs;
}

/** The new spec with every change a pod may make put back to the old value. */
function withAllowedChangesUndone(spec: PodSpec, old: PodSpec, errs: FieldError[]): PodSpec {
  const munged: PodSpec = structuredClone(spec);
  munged.containers = (munged.containers ?? []).map((c, i) => ({ ...c, image: old.containers?.[i]?.image }));
  if (munged.initContainers) munged.initContainers = munged.initContainers.map((c, i) => ({ ...c, image: old.initContainers?.[i]?.image }));
  if (old.activeDeadlineSeconds !== undefined) munged.activeDeadlineSeconds = old.activeDeadlineSeconds;
  else delete munged.activeDeadlineSeconds;
  setOrDelete(munged, 'schedulingGates', old.schedulingGates);
  setOrDelete(munged, 'tolerations', old.tolerations);
  const oldGrace = old.terminationGracePeriodSeconds;
  if (oldGrace !== undefined && oldGrace < 0 && munged.terminationGracePeriodSeconds === 1) munged.terminationGracePeriodSeconds = oldGrace;
  // A pod still held by scheduling gates may gain nodeSelector entries.
  if (old.schedulingGates?.length && !deepEqual(munged.nodeSelector, old.nodeSelector)) {
    const added = munged.nodeSelector ?? {};
    if (Object.entries(old.nodeSelector ?? {}).some(([k, v]) => added[k] !== v)) {
      errs.push(invalid('spec.nodeSelector', goStringMap(munged.nodeSelector), 'only additions to spec.nodeSelector are allowed (no mutations or deletions)'));
    }
    setOrDelete(munged, 'nodeSelector', old.nodeSelector);
  }
  return munged;
}

function setOrDelete<K extends keyof PodSpec>(spec: PodSpec, key: K, value: PodSpec[K] | undefined): void {
  if (value === undefined) delete spec[key];
  else spec[key] = value;
}

export function validatePodUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs = validateObjectMetaUpdate(pod.metadata, old.metadata);
  errs.push(...validatePodMetadataAndSpec(pod), ...validatePodAnnotationUpdates(pod, old));
  const spec = pod.spec ?? ({} as PodSpec);
  const before = old.spec ?? ({} as PodSpec);
  for (const list of ['containers', 'initContainers'] as const) {
    const r = validateContainerImageUpdates(spec[list], before[list], `spec.${list}`);
    errs.push(...r.errs);
    if (r.stop) return errs;
  }
  const deadline = spec.activeDeadlineSeconds;
  if (deadline !== undefined && deadline !== null) {
    if (deadline < 0 || deadline > MAX_INT32) return [...errs, invalid('spec.activeDeadlineSeconds', deadline, inclusiveRangeError(0, MAX_INT32))];
    if (before.activeDeadlineSeconds !== undefined && before.activeDeadlineSeconds < deadline) {
      return [...errs, invalid('spec.activeDeadlineSeconds', deadline, 'must be less than or equal to previous value')];
    }
  } else if (before.activeDeadlineSeconds !== undefined) {
    errs.push(invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
  }
  errs.push(...validateOnlyAddedTolerations(spec.tolerations, before.tolerations, 'spec.tolerations'));
  errs.push(...validateOnlyDeletedSchedulingGates(spec.schedulingGates, before.schedulingGates, 'spec.schedulingGates'));
  if (deepEqual(spec, before)) return errs;
  const munged = withAllowedChangesUndone(spec, before, errs);
  if (!deepEqual(munged, before)) {
    const diff = podSpecDiff(before as unknown as Record<string, unknown>, munged as unknown as Record<string, unknown>);
    errs.push(forbidden('spec', `pod updates may not change fields other than ${UPDATABLE_FIELDS.join(',')}\n${diff}`));
  }
  return errs;
}
