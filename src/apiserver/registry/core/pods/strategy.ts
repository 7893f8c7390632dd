// What each write of a pod may change, as Kubernetes' pod strategies decide: a create starts
// Pending with its QoS class; the main resource keeps the status and bumps the generation on a
// spec change; /status keeps the spec (and owner references, and a QoS class the writer left
// out); /ephemeralcontainers keeps everything but spec.ephemeralContainers; /resize everything but
// the containers' resources and resizePolicy.
import type { Pod, PodSpec, PodStatus } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import { toStatusCauses, type FieldError } from '../../../../machinery/validation/field-error.ts';
import { deepEqual } from '../../../../machinery/validation/immutable.ts';
import { isDNS1123Label } from '../../../../machinery/validation/names.ts';
import type { StatusCause } from '../../../../machinery/status.ts';
import type { ResourceStrategy } from '../../resource.ts';
import { applyCreateMutations } from './create-mutations.ts';
import { defaultPod } from './defaults.ts';
import { validatePodCreate, validatePodUpdate } from './validation/pod.ts';
import { validateEphemeralContainersUpdate, validatePodResize, validatePodStatusUpdate } from './validation/subresources.ts';

/** Causes in order, each field and message once (parts of the pod are checked by several rules). */
function causes(errs: readonly FieldError[]): StatusCause[] {
  const seen = new Set<string>();
  return toStatusCauses(errs).filter((c) => {
    const key = `${c.field}\u0000${c.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function bumpGenerationOnSpecChange(pod: Pod, old: Pod): void {
  if (!deepEqual(pod.spec, old.spec)) pod.metadata.generation = (old.metadata.generation ?? 0) + 1;
}

/** ResetObjectMetaForStatus: a subresource write changes none of these. */
function keepMetadataOf(meta: ObjectMeta, old: ObjectMeta): void {
  for (const key of ['deletionTimestamp', 'generation', 'labels', 'annotations', 'finalizers', 'ownerReferences'] as const) {
    if (old[key] === undefined) delete meta[key];
    else (meta as Record<string, unknown>)[key] = structuredClone(old[key]);
  }
}

export const podStrategy: ResourceStrategy<Pod> = {
  prepareForCreate(pod) {
    defaultPod(pod);
    applyCreateMutations(pod);
  },
  prepareForUpdate(pod, old) {
    // Bodies are defaulted when decoded; a patch's result is defaulted here.
    defaultPod(pod);
    pod.status = structuredClone(old.status ?? {});
    bumpGenerationOnSpecChange(pod, old);
  },
  validate: (pod) => causes(validatePodCreate(pod)),
  validateUpdate: (pod, old) => causes(validatePodUpdate(pod, old)),
  warningsOnCreate(pod) {
    const msgs = isDNS1123Label(pod.metadata.name ?? '');
    return msgs.length ? [`metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [${msgs.join(' ')}]`] : [];
  },
  // Nobody reads pod updates' warnings: Kubernetes skips their cost on this busy path.
  warningsOnUpdate: () => [],
  canonicalize: () => {},
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};

/** A status condition left without observedGeneration keeps the one it had. */
function keepObservedGenerations(status: PodStatus, old: PodStatus | undefined): void {
  if (!status.observedGeneration && old?.observedGeneration) status.observedGeneration = old.observedGeneration;
  const oldByType = new Map<string, number[]>();
  for (const c of old?.conditions ?? []) oldByType.set(c.type, [...(oldByType.get(c.type) ?? []), c.observedGeneration ?? 0]);
  for (const c of status.conditions ?? []) {
    const previous = oldByType.get(c.type)?.shift() ?? 0;
    if (!c.observedGeneration && previous) c.observedGeneration = previous;
  }
}

export const podStatusStrategy: ResourceStrategy<Pod> = {
  ...podStrategy,
  prepareForUpdate(pod, old) {
    pod.spec = structuredClone(old.spec);
    // Old node agents are known to mangle owner references; only the main resource sets them.
    if (old.metadata.ownerReferences) pod.metadata.ownerReferences = structuredClone(old.metadata.ownerReferences);
    else delete pod.metadata.ownerReferences;
    const status = (pod.status ??= {});
    if (!status.qosClass && old.status?.qosClass) status.qosClass = old.status.qosClass;
    keepObservedGenerations(status, old.status);
  },
  validateUpdate: (pod, old) => causes(validatePodStatusUpdate(pod, old)),
  warningsOnUpdate: () => [],
};

export const podEphemeralContainersStrategy: ResourceStrategy<Pod> = {
  ...podStrategy,
  prepareForUpdate(pod, old) {
    const ephemeral = pod.spec?.ephemeralContainers;
    pod.spec = structuredClone(old.spec ?? ({} as PodSpec));
    if (ephemeral === undefined) delete pod.spec.ephemeralContainers;
    else pod.spec.ephemeralContainers = ephemeral;
    pod.status = structuredClone(old.status ?? {});
    keepMetadataOf(pod.metadata, old.metadata);
    defaultPod(pod);
    bumpGenerationOnSpecChange(pod, old);
  },
  validateUpdate: (pod, old) => causes(validateEphemeralContainersUpdate(pod, old)),
};

/** The old containers with the new ones' resources and resizePolicy, when the lists still line up. */
function withResizedResources(now: Container[] | undefined, old: Container[] | undefined): Container[] | undefined {
  if (!now?.length) return now;
  if (now.some((c, i) => old?.[i]?.name !== c.name)) return now;
  return old!.map((c, i) => {
    const merged: Container = { ...structuredClone(c) };
    for (const key of ['resources', 'resizePolicy'] as const) {
      if (now[i]![key] === undefined) delete merged[key];
      else (merged as unknown as Record<string, unknown>)[key] = now[i]![key];
    }
    return merged;
  });
}

export const podResizeStrategy: ResourceStrategy<Pod> = {
  ...podStrategy,
  prepareForUpdate(pod, old) {
    const spec = pod.spec ?? ({} as PodSpec);
    const oldSpec = old.spec ?? ({} as PodSpec);
    // Added, removed or reordered containers are left for validation to refuse.
    if ((spec.containers ?? []).length === (oldSpec.containers ?? []).length && (spec.initContainers ?? []).length === (oldSpec.initContainers ?? []).length) {
      const containers = withResizedResources(spec.containers, oldSpec.containers);
      const initContainers = withResizedResources(spec.initContainers, oldSpec.initContainers);
      pod.spec = structuredClone(oldSpec);
      pod.spec.containers = containers ?? [];
      if (initContainers === undefined) delete pod.spec.initContainers;
      else pod.spec.initContainers = initContainers;
      pod.status = structuredClone(old.status ?? {});
      keepMetadataOf(pod.metadata, old.metadata);
    }
    bumpGenerationOnSpecChange(pod, old);
  },
  validateUpdate: (pod, old) => causes(validatePodResize(pod, old)),
};
