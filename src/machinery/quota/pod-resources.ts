// What a whole pod requests and is limited to, from its containers, as Kubernetes sums them:
// regular containers and sidecars (restartable init containers) add up, an ordinary init
// container runs alone beside the sidecars started before it, so the pod needs the greater of the
// two. Quota also counts pod-level resources (cpu, memory and huge pages in spec.resources replace
// the containers' sum) and the runtime overhead; the limit ranger sums containers only.
import type { Pod } from '../../api/core/v1/pod-types.ts';
import type { Container } from '../../api/core/v1/container-types.ts';
import type { ResourceList } from '../../api/core/v1/policy-types.ts';
import { addInto, maxInto } from '../quantity/resource-lists.ts';

export interface PodResourceOptions {
  /** Apply spec.resources (pod-level requests and limits) over the containers' sum. */
  podLevel?: boolean;
  /** Add spec.overhead (to every request, and to limits that are set). */
  overhead?: boolean;
}

type Side = 'requests' | 'limits';

const isSidecar = (c: Container) => c.restartPolicy === 'Always';
const isPodLevelResource = (name: string) => name === 'cpu' || name === 'memory' || name.startsWith('hugepages-');

function containersSum(pod: Pod, side: Side): ResourceList {
  const total: ResourceList = {};
  for (const c of pod.spec?.containers ?? []) addInto(total, c.resources?.[side]);
  const sidecars: ResourceList = {};
  const initPeak: ResourceList = {};
  for (const c of pod.spec?.initContainers ?? []) {
    const own = c.resources?.[side];
    let running: ResourceList;
    if (isSidecar(c)) {
      addInto(total, own);
      addInto(sidecars, own);
      running = sidecars;
    } else {
      running = {};
      addInto(running, own);
      addInto(running, sidecars);
    }
    maxInto(initPeak, running);
  }
  maxInto(total, initPeak);
  return total;
}

function podLevel(pod: Pod, side: Side): ResourceList | undefined {
  const list = pod.spec?.resources?.[side];
  if (!list || !Object.keys(list).some(isPodLevelResource)) return undefined;
  return list;
}

export function podRequests(pod: Pod, opts: PodResourceOptions = {}): ResourceList {
  const reqs = containersSum(pod, 'requests');
  const level = opts.podLevel ? podLevel(pod, 'requests') : undefined;
  for (const [name, value] of Object.entries(level ?? {})) if (isPodLevelResource(name)) reqs[name] = value;
  if (opts.overhead) addInto(reqs, pod.spec?.overhead);
  return reqs;
}

export function podLimits(pod: Pod, opts: PodResourceOptions = {}): ResourceList {
  const limits = containersSum(pod, 'limits');
  // Pod-level limits count once the pod sets pod-level resources at all.
  const level = opts.podLevel && (podLevel(pod, 'requests') || podLevel(pod, 'limits')) ? pod.spec?.resources?.limits : undefined;
  for (const [name, value] of Object.entries(level ?? {})) if (isPodLevelResource(name)) limits[name] = value;
  if (opts.overhead) {
    for (const [name, value] of Object.entries(pod.spec?.overhead ?? {})) if (name in limits) addInto(limits, { [name]: value });
  }
  return limits;
}
