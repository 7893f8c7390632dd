// RuntimeClass admission, as Kubernetes 1.35's: a new pod naming a RuntimeClass that does not
// exist is refused; one that exists gives the pod its overhead (a pod stating another overhead is
// refused) and its scheduling: the class's node selector merged into the pod's (a label the pod
// sets otherwise is refused) and its tolerations merged into the pod's. A pod with an overhead
// but no class overhead to match is refused when validated.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { NODE_GROUP, type RuntimeClass } from '../../../../api/node/v1/types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import type { StoredObjects } from '../../stored-objects.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { podOf } from '../core-v1/targets.ts';
import { equalLists } from '../core-v1/resource-lists.ts';
import { mergeTolerations } from '../core-v1/tolerations.ts';

const MISMATCH = "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead";

export function runtimeClass(deps: { objects?: () => StoredObjects | undefined } = {}): AdmissionPlugin {
  /** The pod and the class it names (undefined when it names none); a missing class is refused. */
  async function prepare(attrs: AdmissionAttributes): Promise<{ pod: Pod; rc?: RuntimeClass } | undefined> {
    const pod = podOf(attrs);
    if (!pod) return undefined;
    const name = pod.spec?.runtimeClassName;
    if (name == null) return { pod };
    const rc = await deps.objects?.()?.get<RuntimeClass>(NODE_GROUP, 'runtimeclasses', '', name);
    if (!rc) throw admissionForbidden(attrs, `pod rejected: RuntimeClass ${JSON.stringify(name)} not found`);
    return { pod, rc };
  }

  function setOverhead(attrs: AdmissionAttributes, pod: Pod, rc: RuntimeClass): void {
    if (!rc.overhead) return;
    const fixed = rc.overhead.podFixed ?? {};
    const spec = pod.spec!;
    if (Object.keys(spec.overhead ?? {}).length && !equalLists(fixed, spec.overhead!)) throw admissionForbidden(attrs, MISMATCH);
    if (rc.overhead.podFixed) spec.overhead = { ...rc.overhead.podFixed };
    else delete spec.overhead;
  }

  function setScheduling(attrs: AdmissionAttributes, pod: Pod, rc: RuntimeClass): void {
    const scheduling = rc.scheduling;
    if (!scheduling) return;
    const spec = pod.spec!;
    const wanted = scheduling.nodeSelector ?? {};
    if (!spec.nodeSelector) {
      if (scheduling.nodeSelector) spec.nodeSelector = { ...scheduling.nodeSelector };
    } else {
      for (const key of Object.keys(wanted).sort()) {
        const podValue = spec.nodeSelector[key];
        if (podValue !== undefined && podValue !== wanted[key]) {
          throw admissionForbidden(attrs, `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${wanted[key]}; pod.spec.nodeSelector[${key}] = ${podValue}`);
        }
        spec.nodeSelector[key] = wanted[key]!;
      }
    }
    const merged = mergeTolerations(spec.tolerations ?? [], scheduling.tolerations ?? []);
    if (merged.length || spec.tolerations) spec.tolerations = merged;
  }

  return {
    name: 'RuntimeClass',
    handles: (op) => op === 'CREATE',
    async admit(attrs) {
      const found = await prepare(attrs);
      if (!found?.rc) return;
      setOverhead(attrs, found.pod, found.rc);
      setScheduling(attrs, found.pod, found.rc);
    },
    async validate(attrs) {
      const found = await prepare(attrs);
      if (!found) return;
      const overhead = found.pod.spec?.overhead ?? {};
      if (!Object.keys(overhead).length) return;
      const classOverhead = found.rc?.overhead;
      if (!classOverhead) throw admissionForbidden(attrs, 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
      if (!equalLists(classOverhead.podFixed ?? {}, overhead)) throw admissionForbidden(attrs, MISMATCH);
    },
  };
}
