// core/v1 Pod: namespaced, short name po, in category all. Bodies are defaulted as they are
// decoded; the spec changes only through the main resource (within what a pod allows), the
// status only through /status, ephemeral containers only through /ephemeralcontainers and
// container resources only through /resize. Selected by Kubernetes' pod fields.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { kindSchema } from '../../../../machinery/openapi/kind-schemas.ts';
import { cloneJson } from '../../../../machinery/patch/json-value.ts';
import { ALL_VERBS, type ResourceDeclaration } from '../../resource.ts';
import { defaultPod } from './defaults.ts';
import { podFieldSet, POD_FIELD_SELECTORS } from './fields.ts';
import { podEphemeralContainersStrategy, podResizeStrategy, podStatusStrategy, podStrategy } from './strategy.ts';
import { podTable } from './table.ts';
import { bindingAction } from './subresources/binding.ts';
import { evictionAction, type DisruptionCheck } from './subresources/eviction.ts';
import { podGracePeriodSeconds } from './subresources/graceful-deletion.ts';

const SUBRESOURCE_VERBS = ['get', 'patch', 'update'] as const;

/** `disruptionCheck`: the budgets evictions must respect (none when policy/v1 is not served). */
export function podsDeclaration(disruptionCheck?: DisruptionCheck) {
  return {
    group: '',
    version: 'v1',
    kind: 'Pod',
    listKind: 'PodList',
    plural: 'pods',
    singular: 'pod',
    shortNames: ['po'],
    categories: ['all'],
    namespaced: true,
    storageResource: { group: '', resource: 'pods' },
    storageVersion: { group: '', version: 'v1', kind: 'Pod' },
    strategy: podStrategy,
    schema: kindSchema('io.orch.api.core.v1.Pod'),
    decode(raw) {
      const pod = raw as Pod;
      defaultPod(pod);
      return pod;
    },
    toStored: (pod: Pod) => pod,
    fromStored: (pod: Pod) => cloneJson(pod),
    // A list is only serialized: a shallow copy is enough, and lists of pods are long.
    fromStoredForReading: (pod: Pod) => ({ ...pod }),
    fieldSet: podFieldSet,
    allowedFieldSelectors: POD_FIELD_SELECTORS,
    table: podTable(),
    verbs: ALL_VERBS,
    openapiDefinition: 'io.orch.api.core.v1.Pod',
    protobuf: true,
    subresources: {
      status: { verbs: SUBRESOURCE_VERBS, strategy: podStatusStrategy },
      ephemeralcontainers: { verbs: SUBRESOURCE_VERBS, strategy: podEphemeralContainersStrategy },
      resize: { verbs: SUBRESOURCE_VERBS, strategy: podResizeStrategy },
      binding: { verbs: ['create'], strategy: podStrategy, action: bindingAction<Pod>() },
      eviction: { verbs: ['create'], strategy: podStrategy, action: evictionAction<Pod>(disruptionCheck) },
      // Passed on to the pod's node agent, or to the pod itself (registry/core/connect).
      attach: { verbs: ['create', 'get'], strategy: podStrategy, connect: true },
      exec: { verbs: ['create', 'get'], strategy: podStrategy, connect: true },
      log: { verbs: ['get'], strategy: podStrategy, connect: true },
      portforward: { verbs: ['create', 'get'], strategy: podStrategy, connect: true },
      proxy: { verbs: ['create', 'delete', 'get', 'patch', 'update'], strategy: podStrategy, connect: true },
    },
    // A bound pod is given its grace period to stop; its node agent deletes it again with 0.
    deletion: { gracePeriodSeconds: podGracePeriodSeconds },
  } satisfies ResourceDeclaration<Pod, Pod>;
}
