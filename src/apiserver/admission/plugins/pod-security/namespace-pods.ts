// When a namespace's enforce level becomes stricter, the pods already in it are dry-run against
// the new level and the violations come back as warnings: one line per distinct set of reasons,
// naming the first pod by name and how many others share it. Pods of a controller already seen
// go last, exempt runtime classes are skipped, and the check stops after 3000 pods or a second.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { byteOrder } from './check.ts';
import { aggregate, forbiddenReasons, type Evaluator } from './evaluator.ts';
import { levelVersionString, type LevelVersion } from './policy-labels.ts';

export const MAX_PODS_TO_CHECK = 3000;
export const POD_CHECK_TIMEOUT_MS = 1000;

export interface NamespacePodCheck {
  evaluator: Evaluator;
  exemptRuntimeClass(name: string | undefined): boolean;
  maxPods?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** One pod per controller first, then the other replicas; exempt runtime classes left out. */
function prioritize(pods: readonly Pod[], exempt: (rc: string | undefined) => boolean): Pod[] {
  const first: Pod[] = [];
  const replicas: Pod[] = [];
  const seen = new Set<string>();
  for (const pod of pods) {
    if (exempt(pod.spec?.runtimeClassName)) continue;
    const controller = (pod.metadata.ownerReferences as { uid: string; controller?: boolean }[] | undefined)?.find((r) => r.controller);
    if (!controller) first.push(pod);
    else if (seen.has(controller.uid)) replicas.push(pod);
    else {
      seen.add(controller.uid);
      first.push(pod);
    }
  }
  return [...first, ...replicas];
}

export function evaluatePodsInNamespace(check: NamespacePodCheck, namespace: string, enforce: LevelVersion, pods: readonly Pod[]): string[] {
  const now = check.now ?? Date.now;
  const deadline = now() + (check.timeoutMs ?? POD_CHECK_TIMEOUT_MS);
  const prioritized = prioritize(pods, (rc) => check.exemptRuntimeClass(rc));
  const total = prioritized.length;
  const candidates = prioritized.slice(0, check.maxPods ?? MAX_PODS_TO_CHECK);
  const byReason = new Map<string, { podName: string; count: number }>();
  const order: string[] = [];
  let checked = candidates.length;
  for (let i = 0; i < candidates.length; i++) {
    const pod = candidates[i]!;
    const result = aggregate(check.evaluator.evaluatePod(enforce, pod.metadata, pod.spec ?? { containers: [] }));
    if (!result.allowed) {
      const reason = forbiddenReasons(result);
      const name = pod.metadata.name ?? '';
      const entry = byReason.get(reason);
      if (!entry) {
        byReason.set(reason, { podName: name, count: 1 });
        order.push(reason);
      } else {
        entry.count++;
        if (name < entry.podName) entry.podName = name;
      }
    }
    if (now() > deadline) {
      checked = i + 1;
      break;
    }
  }
  const warnings: string[] = [];
  if (checked < total) warnings.push(`new PodSecurity enforce level only checked against the first ${checked} of ${total} existing pods`);
  if (order.length) warnings.push(`existing pods in namespace "${namespace}" violate the new PodSecurity enforce level "${levelVersionString(enforce)}"`);
  const podWarnings = order.map((reason) => {
    const { podName, count } = byReason.get(reason)!;
    if (count === 1) return `${podName}: ${reason}`;
    if (count === 2) return `${podName} (and 1 other pod): ${reason}`;
    return `${podName} (and ${count - 1} other pods): ${reason}`;
  });
  return [...warnings, ...podWarnings.sort(byteOrder)];
}
