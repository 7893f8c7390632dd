// Which container of a pod a log, exec or attach request means, as Kubernetes' validateContainer
// decides: the one named (any init, regular or ephemeral container), or the only regular
// container when none is named; otherwise a 400 naming the choices.
import { badRequest } from '../../../../machinery/status.ts';
import type { ConnectPod } from './connect-shapes.ts';

/** Every container name in Kubernetes' visiting order: init, regular, ephemeral. */
function containerNames(pod: ConnectPod): string[] {
  const spec = pod.spec ?? {};
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])].map((c) => c.name);
}

export function chooseContainer(pod: ConnectPod, requested: string): string {
  const podName = pod.metadata.name ?? '';
  if (requested !== '') {
    if (!containerNames(pod).includes(requested)) throw badRequest(`container ${requested} is not valid for pod ${podName}`);
    return requested;
  }
  const containers = pod.spec?.containers ?? [];
  if (containers.length === 1) return containers[0]!.name;
  if (containers.length === 0) throw badRequest(`a container name must be specified for pod ${podName}`);
  // Go prints the []string with %s: [a b c].
  throw badRequest(`a container name must be specified for pod ${podName}, choose one of: [${containerNames(pod).join(' ')}]`);
}
