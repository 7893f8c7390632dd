// The volumes of all live pods, with the SELinux label and change policy each pod uses them with.
// Adding a pod's use of a volume returns the conflicts it causes, one for each side, so both pods
// hear of it; a use already known unchanged returns none, so a pod synced again is not reported
// twice. A pod that is gone or finished leaves every volume it used.
import { labelsConflict } from './selinux-labels.ts';

export interface PodUse {
  label: string;
  changePolicy: string;
}

export interface Conflict {
  /** The property as the message names it: SELinuxLabel or SELinuxChangePolicy. */
  property: 'SELinuxLabel' | 'SELinuxChangePolicy';
  reason: 'SELinuxLabelConflict' | 'SELinuxChangePolicyConflict';
  /** The pod the event is for, `namespace/name`, and its value. */
  pod: string;
  value: string;
  otherPod: string;
  otherValue: string;
}

interface UsedVolume {
  csiDriver: string;
  pods: Map<string, PodUse>;
}

const namespaceOf = (key: string) => key.slice(0, key.indexOf('/'));
const nameOf = (key: string) => key.slice(key.indexOf('/') + 1);

/** The event message, as Kubernetes words it; a pod in another namespace is not named. */
export function conflictMessage(c: Conflict): string {
  const value = `"${c.value}"`;
  const other = `"${c.otherValue}"`;
  if (namespaceOf(c.pod) === namespaceOf(c.otherPod)) {
    return `${c.property} ${value} conflicts with pod ${nameOf(c.otherPod)} that uses the same volume as this pod with ${c.property} ${other}. If both pods land on the same node, only one of them may access the volume.`;
  }
  // Kubernetes runs the property and its value together here.
  return `${c.property}${value} conflicts with another pod that uses the same volume as this pod with a different ${c.property}. If both pods land on the same node, only one of them may access the volume.`;
}

function bothWays(property: Conflict['property'], reason: Conflict['reason'], pod: string, value: string, otherPod: string, otherValue: string): Conflict[] {
  return [
    { property, reason, pod, value, otherPod, otherValue },
    { property, reason, pod: otherPod, value: otherValue, otherPod: pod, otherValue: value },
  ];
}

export class VolumeLabelCache {
  private readonly volumes = new Map<string, UsedVolume>();

  /** Records that `pod` uses the volume; returns the conflicts that causes. */
  addVolume(volumeName: string, pod: string, use: PodUse, csiDriver: string): Conflict[] {
    const volume = this.volumes.get(volumeName);
    if (!volume) {
      this.volumes.set(volumeName, { csiDriver, pods: new Map([[pod, use]]) });
      return [];
    }
    const known = volume.pods.get(pod);
    if (known && known.label === use.label && known.changePolicy === use.changePolicy) return [];
    volume.pods.set(pod, use);
    const conflicts: Conflict[] = [];
    for (const [otherPod, other] of volume.pods) {
      if (other.changePolicy !== use.changePolicy) {
        conflicts.push(...bothWays('SELinuxChangePolicy', 'SELinuxChangePolicyConflict', pod, use.changePolicy, otherPod, other.changePolicy));
      }
      if (labelsConflict(other.label, use.label)) {
        conflicts.push(...bothWays('SELinuxLabel', 'SELinuxLabelConflict', pod, use.label, otherPod, other.label));
      }
    }
    return conflicts;
  }

  deletePod(pod: string): void {
    for (const [name, volume] of this.volumes) {
      volume.pods.delete(pod);
      if (volume.pods.size === 0) this.volumes.delete(name);
    }
  }

  /** The pods using volumes of a CSI driver, to look at again when its seLinuxMount changes. */
  podsForCSIDriver(driver: string): string[] {
    const pods = new Set<string>();
    for (const volume of this.volumes.values()) {
      if (volume.csiDriver === driver) for (const pod of volume.pods.keys()) pods.add(pod);
    }
    return [...pods];
  }

  /** Every current conflict, once per pod and other pod (what the conflict metric counts). */
  conflicts(): Conflict[] {
    const all: Conflict[] = [];
    for (const volume of this.volumes.values()) {
      for (const [pod, use] of volume.pods) {
        for (const [otherPod, other] of volume.pods) {
          if (pod === otherPod) continue;
          if (use.changePolicy !== other.changePolicy) all.push({ property: 'SELinuxChangePolicy', reason: 'SELinuxChangePolicyConflict', pod, value: use.changePolicy, otherPod, otherValue: other.changePolicy });
          if (labelsConflict(use.label, other.label)) all.push({ property: 'SELinuxLabel', reason: 'SELinuxLabelConflict', pod, value: use.label, otherPod, otherValue: other.label });
        }
      }
    }
    return all;
  }
}
