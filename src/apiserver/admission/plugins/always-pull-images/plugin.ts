// AlwaysPullImages: every container of a new pod, and of an update that brings a new image, pulls
// its image each time it starts, so only those with the pull credentials can run a private image
// a node already holds. The validating half refuses such a write that a later plugin changed back.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../../types.ts';
import { admissionForbidden } from '../../forbidden.ts';
import { containersWithPaths, podOf } from '../core-v1/targets.ts';
import { aggregateMessage, unconvertedError } from '../core-v1/unconverted-error.ts';

const ALWAYS = 'Always';

/** An update whose containers use only images the pod already had. */
function bringsNoNewImage(attrs: AdmissionAttributes, pod: Pod): boolean {
  if (attrs.operation !== 'UPDATE' || !attrs.oldObject) return false;
  const old = new Set([...containersWithPaths(attrs.oldObject as Pod)].map(([c]) => c.image));
  return [...containersWithPaths(pod)].every(([c]) => old.has(c.image));
}

function podToCheck(attrs: AdmissionAttributes): Pod | undefined {
  const pod = podOf(attrs);
  return pod && !bringsNoNewImage(attrs, pod) ? pod : undefined;
}

export function alwaysPullImages(): AdmissionPlugin {
  return {
    name: 'AlwaysPullImages',
    handles: (op) => op === 'CREATE' || op === 'UPDATE',
    admit(attrs) {
      const pod = podToCheck(attrs);
      if (!pod) return;
      for (const [c] of containersWithPaths(pod)) c.imagePullPolicy = ALWAYS;
    },
    validate(attrs) {
      const pod = podToCheck(attrs);
      if (!pod) return;
      const refusals: string[] = [];
      for (const [c, path] of containersWithPaths(pod)) {
        if (c.imagePullPolicy === ALWAYS) continue;
        const why = `${path}.imagePullPolicy: Unsupported value: ${JSON.stringify(c.imagePullPolicy ?? '')}: supported values: "${ALWAYS}"`;
        refusals.push(admissionForbidden(attrs, why).message);
      }
      // Kubernetes returns the refusals as one aggregate error, which the server answers with a 500.
      if (refusals.length) throw unconvertedError(aggregateMessage(refusals));
    },
  };
}
