// The Secrets a pod refers to, as Kubernetes' VisitPodSecretNames finds them: image pull secrets,
// every container's env and envFrom references, and the Secrets of its volumes (secret,
// projected, and the secretRef of the volume plugins that take one). The legacy token cleaner
// keeps any token a pod still refers to.
import type { Pod } from '../../../api/core/v1/pod-types.ts';

type Json = Record<string, any>;

const VOLUME_SECRET_REFS = ['cephfs', 'cinder', 'flexVolume', 'rbd', 'scaleIO', 'iscsi', 'storageos'];

export function podSecretNames(pod: Pod): Set<string> {
  const names = new Set<string>();
  const add = (name: unknown) => typeof name === 'string' && name !== '' && names.add(name);
  const spec = (pod.spec ?? {}) as Json;
  for (const ref of spec.imagePullSecrets ?? []) add(ref?.name);
  for (const list of [spec.initContainers, spec.containers, spec.ephemeralContainers]) {
    for (const c of (list ?? []) as Json[]) {
      for (const from of c.envFrom ?? []) add(from?.secretRef?.name);
      for (const env of c.env ?? []) add(env?.valueFrom?.secretKeyRef?.name);
    }
  }
  for (const v of (spec.volumes ?? []) as Json[]) {
    add(v.azureFile?.secretName);
    add(v.secret?.secretName);
    add(v.csi?.nodePublishSecretRef?.name);
    for (const plugin of VOLUME_SECRET_REFS) add(v[plugin]?.secretRef?.name);
    for (const source of v.projected?.sources ?? []) add(source?.secret?.name);
  }
  return names;
}
