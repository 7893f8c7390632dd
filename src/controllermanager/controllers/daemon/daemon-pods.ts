// What a daemon set's pods look like and whether they are up to date, as Kubernetes' daemon util
// has it: the tolerations every daemon pod gets (not-ready and unreachable NoExecute; disk, memory
// and pid pressure and unschedulable NoSchedule; network-unavailable for host-network pods), the
// pod-template-generation and controller-revision-hash labels, a required node affinity that
// names the pod's node by metadata.name (the scheduler binds it; the pod carries no nodeName), the
// node a pod is meant for, and the update and surge budgets of a rolling update.
import type { DaemonSet } from '../../../api/apps/v1/types.ts';
import type { Affinity, Pod, PodSpec, PodTemplateSpec, Toleration } from '../../../api/core/v1/pod-types.ts';
import { CONTROLLER_REVISION_HASH_LABEL, DAEMON_SET_TEMPLATE_GENERATION_ANNOTATION, DAEMON_SET_TEMPLATE_GENERATION_LABEL } from '../../../api/apps/v1/well-known-labels.ts';
import {
  TAINT_NODE_DISK_PRESSURE, TAINT_NODE_MEMORY_PRESSURE, TAINT_NODE_NETWORK_UNAVAILABLE, TAINT_NODE_NOT_READY, TAINT_NODE_PID_PRESSURE,
  TAINT_NODE_UNREACHABLE, TAINT_NODE_UNSCHEDULABLE,
} from '../../../api/core/v1/well-known-taints.ts';
import { scaledValueFromIntOrPercent } from '../../../machinery/intstr/scaled-value.ts';
import { NODE_NAME_FIELD } from '../../../machinery/scheduling/node-affinity.ts';

export const DAEMON_SET_KIND = { apiVersion: 'apps/v1', kind: 'DaemonSet' };

/** AddOrUpdateTolerationInPodSpec: replaces a toleration of the same key, operator, value and effect, or adds it. */
function addOrUpdateToleration(spec: PodSpec, toleration: Toleration): void {
  const list = spec.tolerations ?? [];
  const same = (t: Toleration) => (t.key ?? '') === (toleration.key ?? '') && (t.operator || 'Equal') === (toleration.operator || 'Equal')
    && (t.value ?? '') === (toleration.value ?? '') && (t.effect ?? '') === (toleration.effect ?? '');
  const i = list.findIndex(same);
  spec.tolerations = i >= 0 ? list.map((t, j) => (j === i ? toleration : t)) : [...list, toleration];
}

/** AddOrUpdateDaemonPodTolerations: node problems do not keep a daemon pod off its node or evict it. */
export function addDaemonPodTolerations(spec: PodSpec): void {
  const exists = (key: string, effect: string): Toleration => ({ key, operator: 'Exists', effect });
  addOrUpdateToleration(spec, exists(TAINT_NODE_NOT_READY, 'NoExecute'));
  addOrUpdateToleration(spec, exists(TAINT_NODE_UNREACHABLE, 'NoExecute'));
  addOrUpdateToleration(spec, exists(TAINT_NODE_DISK_PRESSURE, 'NoSchedule'));
  addOrUpdateToleration(spec, exists(TAINT_NODE_MEMORY_PRESSURE, 'NoSchedule'));
  addOrUpdateToleration(spec, exists(TAINT_NODE_PID_PRESSURE, 'NoSchedule'));
  addOrUpdateToleration(spec, exists(TAINT_NODE_UNSCHEDULABLE, 'NoSchedule'));
  if (spec.hostNetwork) addOrUpdateToleration(spec, exists(TAINT_NODE_NETWORK_UNAVAILABLE, 'NoSchedule'));
}

/** GetTemplateGeneration: the generation the server keeps in the deprecated annotation; throws when it is not a number. */
export function templateGeneration(ds: DaemonSet): number | undefined {
  const annotation = ds.metadata.annotations?.[DAEMON_SET_TEMPLATE_GENERATION_ANNOTATION];
  if (annotation === undefined) return undefined;
  if (!/^[+-]?[0-9]+$/.test(annotation)) throw new Error(`strconv.ParseInt: parsing ${JSON.stringify(annotation)}: invalid syntax`);
  return Number(annotation);
}

/** The template generation, or undefined when it cannot be read (the hash then decides). */
export function templateGenerationOrUndefined(ds: DaemonSet): number | undefined {
  try {
    return templateGeneration(ds);
  } catch {
    return undefined;
  }
}

/** CreatePodTemplate: the template with the daemon tolerations and the generation and hash labels. */
export function daemonPodTemplate(template: PodTemplateSpec | undefined, generation: number | undefined, hash: string): PodTemplateSpec {
  const out = structuredClone(template ?? {});
  out.spec ??= { containers: [] };
  addDaemonPodTolerations(out.spec);
  const labels = { ...out.metadata?.labels };
  if (generation !== undefined) labels[DAEMON_SET_TEMPLATE_GENERATION_LABEL] = String(generation);
  if (hash) labels[CONTROLLER_REVISION_HASH_LABEL] = hash;
  out.metadata = { ...out.metadata, labels };
  return out;
}

/** ReplaceDaemonSetPodNodeNameNodeAffinity: the required node affinity becomes "metadata.name In [node]". */
export function withNodeNameAffinity(affinity: Affinity | undefined, nodeName: string): Affinity {
  const required = { nodeSelectorTerms: [{ matchFields: [{ key: NODE_NAME_FIELD, operator: 'In', values: [nodeName] }] }] };
  const out = structuredClone(affinity ?? {});
  out.nodeAffinity = { ...out.nodeAffinity, requiredDuringSchedulingIgnoredDuringExecution: required };
  return out;
}

/** GetTargetNodeName: the pod's nodeName, else the node its metadata.name affinity names; undefined when neither does. */
export function targetNodeName(pod: Pod): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const term of terms) {
    for (const field of term.matchFields ?? []) {
      if (field.key === NODE_NAME_FIELD && field.operator === 'In') return field.values?.length === 1 ? field.values[0] : undefined;
    }
  }
  return undefined;
}

/** IsPodUpdated: the pod carries the current hash, or the current template generation. */
export function isPodUpdated(pod: Pod, hash: string, generation: number | undefined): boolean {
  const labels = pod.metadata.labels ?? {};
  const generationMatches = generation !== undefined && labels[DAEMON_SET_TEMPLATE_GENERATION_LABEL] === String(generation);
  return (hash.length > 0 && labels[CONTROLLER_REVISION_HASH_LABEL] === hash) || generationMatches;
}

/** SurgeCount: extra pods a rolling update may run, rounded up (0 without RollingUpdate or maxSurge). */
export function surgeCount(ds: DaemonSet, numberToSchedule: number): number {
  const strategy = ds.spec?.updateStrategy;
  const maxSurge = strategy?.rollingUpdate?.maxSurge;
  if (strategy?.type !== 'RollingUpdate' || maxSurge === undefined || maxSurge === null) return 0;
  return scaledValueFromIntOrPercent(maxSurge, numberToSchedule, true);
}

/** UnavailableCount: pods a rolling update may take down, rounded up (0 without RollingUpdate). */
export function unavailableCount(ds: DaemonSet, numberToSchedule: number): number {
  const strategy = ds.spec?.updateStrategy;
  if (strategy?.type !== 'RollingUpdate' || !strategy.rollingUpdate) return 0;
  return scaledValueFromIntOrPercent(strategy.rollingUpdate.maxUnavailable, numberToSchedule, true);
}

export function allowsSurge(ds: DaemonSet): boolean {
  try {
    return surgeCount(ds, 1) > 0;
  } catch {
    return false;
  }
}
