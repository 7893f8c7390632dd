// Where a written object holds the pod Pod Security judges: a pod itself, or the pod template of
// a workload (replication controllers, pod templates, and the apps and batch controllers when
// they are served); and which pod updates can change the verdict.
import type { ObjectMeta } from '../../../../api/meta/v1/types.ts';
import type { Pod, PodSpec, PodTemplateSpec } from '../../../../api/core/v1/pod-types.ts';
import type { Container } from '../../../../api/core/v1/container-types.ts';
import { SECCOMP_CONTAINER_ANNOTATION_PREFIX } from './annotation-keys.ts';

export interface PodParts {
  meta: ObjectMeta;
  spec: PodSpec;
}

type Extract = (obj: Record<string, any>) => PodTemplateSpec | undefined | null;

const spec = (obj: Record<string, any>) => (obj['spec'] ?? {}) as Record<string, any>;

/** Resources that embed a pod template, by "<group>/<plural>", and how to reach it. */
const TEMPLATE_OF: ReadonlyMap<string, Extract> = new Map<string, Extract>([
  ['/replicationcontrollers', (o) => spec(o)['template']],
  ['/podtemplates', (o) => o['template'] ?? {}],
  ['apps/replicasets', (o) => spec(o)['template'] ?? {}],
  ['apps/deployments', (o) => spec(o)['template'] ?? {}],
  ['apps/statefulsets', (o) => spec(o)['template'] ?? {}],
  ['apps/daemonsets', (o) => spec(o)['template'] ?? {}],
  ['batch/jobs', (o) => spec(o)['template'] ?? {}],
  ['batch/cronjobs', (o) => spec(spec(spec(o)['jobTemplate'] ?? {}))['template'] ?? {}],
]);

export function hasPodTemplate(group: string, resource: string): boolean {
  return TEMPLATE_OF.has(`${group}/${resource}`);
}

/** The template's pod, or undefined when the object carries none (a controller's optional template). */
export function podTemplateOf(group: string, resource: string, obj: object): PodParts | undefined {
  const template = TEMPLATE_OF.get(`${group}/${resource}`)?.(obj as Record<string, any>);
  if (!template) return undefined;
  return { meta: template.metadata ?? {}, spec: template.spec ?? { containers: [] } };
}

export function podParts(pod: Pod): PodParts {
  return { meta: pod.metadata, spec: pod.spec ?? { containers: [] } };
}

function significantContainerChange(c: Container, old: Container, annotations: Record<string, string>, oldAnnotations: Record<string, string>): boolean {
  if (c.image !== old.image) return true;
  const key = SECCOMP_CONTAINER_ANNOTATION_PREFIX + c.name;
  return annotations[key] !== oldAnnotations[key];
}

/** Only image changes (and the seccomp annotations) can make a pod's verdict change once it exists. */
export function isSignificantPodUpdate(pod: Pod, oldPod: Pod): boolean {
  const a = pod.metadata.annotations ?? {};
  const oldA = oldPod.metadata.annotations ?? {};
  const s = pod.spec ?? { containers: [] };
  const old = oldPod.spec ?? { containers: [] };
  const containers = s.containers ?? [];
  const oldContainers = old.containers ?? [];
  const inits = s.initContainers ?? [];
  const oldInits = old.initContainers ?? [];
  if (containers.length !== oldContainers.length || inits.length !== oldInits.length) return true;
  if (containers.some((c, i) => significantContainerChange(c, oldContainers[i]!, a, oldA))) return true;
  if (inits.some((c, i) => significantContainerChange(c, oldInits[i]!, a, oldA))) return true;
  for (const c of s.ephemeralContainers ?? []) {
    const before = (old.ephemeralContainers ?? []).find((o) => o.name === c.name);
    if (!before || significantContainerChange(c, before, a, oldA)) return true;
  }
  return false;
}
