// The projected volume through which every container of a pod reads its service account's
// credentials at /var/run/secrets/orch.io/serviceaccount: a bound token the node agent refreshes
// (asked for 3607 s, one hour and seven seconds, the duration the token issuer recognises as this
// volume's), the cluster's CA bundle from the orch-root-ca.crt config map, and the namespace.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { Volume } from '../../../../api/core/v1/volume-types.ts';
import type { VolumeMount } from '../../../../api/core/v1/container-types.ts';
import { generateName } from '../../../registry/generic/object-meta.ts';

export const TOKEN_VOLUME_PREFIX = 'orch-api-access-';
export const TOKEN_MOUNT_PATH = '/var/run/secrets/orch.io/serviceaccount';
export const ROOT_CA_CONFIG_MAP = 'orch-root-ca.crt';
export const TOKEN_VOLUME_EXPIRATION_SECONDS = 3607;
/** 0644, which Go's defaulting would give the projection and the plugin writes out. */
const DEFAULT_MODE = 0o644;

export function tokenVolume(name: string): Volume {
  return {
    name,
    projected: {
      sources: [
        { serviceAccountToken: { expirationSeconds: TOKEN_VOLUME_EXPIRATION_SECONDS, path: 'token' } },
        { configMap: { name: ROOT_CA_CONFIG_MAP, items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
      defaultMode: DEFAULT_MODE,
    },
  };
}

/**
 * Mounts the token volume into every init container and container that has nothing mounted at
 * the token path yet, adding the volume (under a fresh name unless the pod already has one with
 * the prefix) when some container needs it.
 */
export function mountTokenVolume(pod: Pod, newName: () => string = () => generateName(TOKEN_VOLUME_PREFIX)): void {
  const spec = pod.spec!;
  const existing = (spec.volumes ?? []).find((v) => v.name.startsWith(TOKEN_VOLUME_PREFIX));
  const name = existing?.name ?? newName();
  let needed = false;
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    if ((c.volumeMounts ?? []).some((m) => m.mountPath === TOKEN_MOUNT_PATH)) continue;
    const mount: VolumeMount = { name, readOnly: true, mountPath: TOKEN_MOUNT_PATH };
    c.volumeMounts = [...(c.volumeMounts ?? []), mount];
    needed = true;
  }
  if (needed && !existing) spec.volumes = [...(spec.volumes ?? []), tokenVolume(name)];
}
