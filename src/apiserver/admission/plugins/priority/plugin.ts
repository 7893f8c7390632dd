// Priority admission, as Kubernetes 1.35's: a new pod gets the value of the PriorityClass it
// names as spec.priority, and the class's preemption policy (a class that does not exist is
// refused); a pod naming none gets the global default class (the lowest of several marked), or
// priority 0 and PreemptLowerPriority when no class is the default. A pod may state a priority or
// policy only if it is the one computed. An update keeps the stored priority and policy when the
// new object leaves them out. At most one PriorityClass may be the global default.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { DEFAULT_PRIORITY_WITHOUT_DEFAULT_CLASS, SCHEDULING_GROUP, type PriorityClass } from '../../../../api/scheduling/v1/types.ts';
import { canonicalGroup } from '../../../registry/generic/alias.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { podOf } from '../core-v1/targets.ts';

interface Resolved {
  className: string;
  priority: number;
  preemptionPolicy?: string;
}

export function priority(deps: { objects?: () => StoredObjects | undefined } = {}): AdmissionPlugin {
  const classes = async () => (await deps.objects?.()?.list<PriorityClass>(SCHEDULING_GROUP, 'priorityclasses', '')) ?? [];
  const byName = async (name: string) => deps.objects?.()?.get<PriorityClass>(SCHEDULING_GROUP, 'priorityclasses', '', name);

  /** The global default class; when a race left several, the one of lowest value. */
  async function defaultClass(): Promise<PriorityClass | undefined> {
    let found: PriorityClass | undefined;
    for (const pc of await classes()) if (pc.globalDefault && (!found || found.value > pc.value)) found = pc;
    return found;
  }

  async function resolve(attrs: AdmissionAttributes, pod: Pod): Promise<Resolved> {
    const name = pod.spec?.priorityClassName ?? '';
    if (!name) {
      const dpc = await defaultClass();
      if (dpc) return { className: dpc.metadata.name ?? '', priority: dpc.value, preemptionPolicy: dpc.preemptionPolicy };
      return { className: '', priority: DEFAULT_PRIORITY_WITHOUT_DEFAULT_CLASS, preemptionPolicy: 'PreemptLowerPriority' };
    }
    const pc = await byName(name);
    if (!pc) throw admissionForbidden(attrs, `no PriorityClass with name ${name} was found`);
    return { className: name, priority: pc.value, preemptionPolicy: pc.preemptionPolicy };
  }

  async function admitPodCreate(attrs: AdmissionAttributes, pod: Pod): Promise<void> {
    const spec = pod.spec!;
    const resolved = await resolve(attrs, pod);
    if (resolved.className) spec.priorityClassName = resolved.className;
    if (spec.priority != null && spec.priority !== resolved.priority) {
      throw admissionForbidden(attrs, `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${resolved.priority} from the given PriorityClass name`);
    }
    spec.priority = resolved.priority;
    const policy = resolved.preemptionPolicy;
    if (policy == null) return;
    if (spec.preemptionPolicy != null && spec.preemptionPolicy !== policy) {
      throw admissionForbidden(attrs, `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${policy} from the given PriorityClass name`);
    }
    spec.preemptionPolicy = policy;
  }

  /** Validation keeps both fields fixed; an update that leaves them out keeps the stored ones. */
  function admitPodUpdate(pod: Pod, old: Pod | undefined): void {
    const spec = pod.spec!;
    if (spec.priority == null && old?.spec?.priority != null) spec.priority = old.spec.priority;
    if (spec.preemptionPolicy == null && old?.spec?.preemptionPolicy != null) spec.preemptionPolicy = old.spec.preemptionPolicy;
  }

  return {
    name: 'Priority',
    handles: (op) => op === 'CREATE' || op === 'UPDATE' || op === 'DELETE',
    async admit(attrs) {
      const pod = podOf(attrs);
      if (!pod) return;
      if (attrs.operation === 'CREATE') await admitPodCreate(attrs, pod);
      else if (attrs.operation === 'UPDATE') admitPodUpdate(pod, attrs.oldObject as Pod | undefined);
    },
    async validate(attrs) {
      if (canonicalGroup(attrs.resource.group) !== SCHEDULING_GROUP || attrs.resource.resource !== 'priorityclasses' || attrs.subresource) return;
      if (attrs.operation !== 'CREATE' && attrs.operation !== 'UPDATE') return;
      const pc = attrs.object as PriorityClass | undefined;
      if (!pc?.globalDefault) return;
      const dpc = await defaultClass();
      if (dpc && (attrs.operation === 'CREATE' || dpc.metadata.name !== pc.metadata.name)) {
        throw admissionForbidden(attrs, `PriorityClass ${dpc.metadata.name} is already marked as default. Only one default can exist`);
      }
    },
  };
}
