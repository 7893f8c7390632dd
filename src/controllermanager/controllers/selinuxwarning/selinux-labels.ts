// SELinux labels as the selinux-warning controller sees them. The controller manager cannot read a
// node's SELinux defaults, so a label is the pod's options joined as user:role:type:level with
// empty parts left empty, and an empty part matches anything when two labels are compared. Which
// label a pod mounts a volume with follows Kubernetes 1.35: every container that mounts the
// volume (init, regular and ephemeral) contributes its effective options (its own, else the
// pod's); they must agree; and the label is dropped, leaving the runtime to relabel recursively,
// when the pod asks for the Recursive change policy or the volume cannot be mounted with a context.
import type { Container, SELinuxOptions } from '../../../api/core/v1/container-types.ts';
import type { Pod } from '../../../api/core/v1/pod-types.ts';

export const RECURSIVE = 'Recursive';
export const MOUNT_OPTION = 'MountOption';

/** The file label of a process's options, '' when none is set. */
export function fileLabelOf(options: SELinuxOptions | undefined): string {
  if (!options) return '';
  const label = [options.user ?? '', options.role ?? '', options.type ?? '', options.level ?? ''].join(':');
  return label === ':::' ? '' : label;
}

/** Two labels conflict when some part is set in both and differs; unset parts are unknown. */
export function labelsConflict(a: string, b: string): boolean {
  let long = splitLabel(a);
  let short = splitLabel(b);
  if (long.length < short.length) [long, short] = [short, long];
  return long.some((part, i) => {
    const other = short[i] ?? '';
    return part !== other && part !== '' && other !== '';
  });
}

/** Splits into at most four parts: the level keeps its own colons (s0:c1,c2). */
function splitLabel(label: string): string[] {
  const parts = label.split(':');
  return parts.length <= 4 ? parts : [...parts.slice(0, 3), parts.slice(3).join(':')];
}

/** Every container of the pod, init and ephemeral ones included. */
function allContainers(pod: Pod): Container[] {
  const spec = pod.spec;
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? []), ...((spec?.ephemeralContainers ?? []) as Container[])];
}

/**
 * The volumes mounted as file systems (block devices are left out, as Kubernetes does here), each
 * with the effective SELinux options of the containers mounting it that have any.
 */
export function mountedVolumeOptions(pod: Pod): Map<string, SELinuxOptions[]> {
  const mounts = new Map<string, SELinuxOptions[]>();
  const podOptions = pod.spec?.securityContext?.seLinuxOptions;
  for (const container of allContainers(pod)) {
    const options = container.securityContext?.seLinuxOptions ?? podOptions;
    for (const mount of container.volumeMounts ?? []) {
      const list = mounts.get(mount.name) ?? [];
      if (options) list.push(options);
      mounts.set(mount.name, list);
    }
  }
  return mounts;
}

export type MountLabel =
  | { kind: 'label'; label: string }
  | { kind: 'multiple'; labels: string[] };

/** The label the volume is mounted with, '' when none (GetMountSELinuxLabel). */
export function mountLabel(containerOptions: readonly SELinuxOptions[], pod: Pod, supportsContextMount: boolean): MountLabel {
  const labels = [...new Set(containerOptions.map(fileLabelOf))];
  if (labels.length > 1) return { kind: 'multiple', labels };
  if (labels.length === 0) return { kind: 'label', label: '' };
  if (pod.spec?.securityContext?.seLinuxChangePolicy === RECURSIVE || !supportsContextMount) return { kind: 'label', label: '' };
  return { kind: 'label', label: labels[0]! };
}

/**
 * The change policy the volume is counted under: the pod's (MountOption when unset), Recursive when
 * the volume cannot take a mount context or the pod has no label for it.
 */
export function effectiveChangePolicy(pod: Pod, label: string, supportsContextMount: boolean): string {
  const policy = pod.spec?.securityContext?.seLinuxChangePolicy ?? MOUNT_OPTION;
  if (!supportsContextMount || label === '') return RECURSIVE;
  return policy;
}
