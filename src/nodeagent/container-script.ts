// What a simulated container does, read from the pod's annotations under nodeagent.orch.io/:
// run-seconds (how long it runs before it exits), exit-code (what it exits with) and stop-seconds
// (how long it takes to stop once told to; past the grace period it is killed). A key suffixed
// with .<container name> applies to that container alone. Without run-seconds, a container whose
// pod restarts it only on failure or never (and every init container) runs for the agent's
// --container-run-duration; one of a pod that always restarts it runs until stopped.
import type { Pod } from '../api/core/v1/pod-types.ts';

export const ANNOTATION_PREFIX = 'nodeagent.orch.io/';
export const RUN_SECONDS = `${ANNOTATION_PREFIX}run-seconds`;
export const EXIT_CODE = `${ANNOTATION_PREFIX}exit-code`;
export const STOP_SECONDS = `${ANNOTATION_PREFIX}stop-seconds`;

export type ContainerKind = 'init' | 'sidecar' | 'app';

export interface ContainerScript {
  /** How long it runs before exiting on its own; undefined: until stopped. */
  runMs: number | undefined;
  exitCode: number;
  /** How long it takes to stop after SIGTERM. */
  stopMs: number;
}

function annotation(pod: Pod, key: string, container: string): string | undefined {
  const annotations = pod.metadata.annotations ?? {};
  return annotations[`${key}.${container}`] ?? annotations[key];
}

function seconds(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 1000) : undefined;
}

export function containerScript(pod: Pod, container: string, kind: ContainerKind, defaultRunMs: number): ContainerScript {
  const runMs = seconds(annotation(pod, RUN_SECONDS, container));
  const exitText = annotation(pod, EXIT_CODE, container);
  const exitCode = exitText !== undefined && /^\d{1,3}$/.test(exitText.trim()) ? Math.min(255, Number(exitText)) : 0;
  const endsOnItsOwn = kind === 'init' || (kind === 'app' && (pod.spec?.restartPolicy ?? 'Always') !== 'Always');
  return {
    runMs: runMs ?? (endsOnItsOwn ? defaultRunMs : undefined),
    exitCode,
    stopMs: seconds(annotation(pod, STOP_SECONDS, container)) ?? 0,
  };
}
