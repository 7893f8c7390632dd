// Recycling a volume (the deprecated Recycle reclaim policy) as Kubernetes' host path and NFS
// plugins do it: a pod named recycler-for-<volume> in the default namespace mounts the volume at
// /scrub and empties it, with an active deadline of --pv-recycler-minimum-timeout-* seconds or
// --pv-recycler-(timeout-)increment-* seconds per whole Gi of the volume, whichever is more; a
// --pv-recycler-pod-template-filepath-* file replaces the default pod (its first volume takes the
// volume's source). The binder waits for the pod to succeed or fail, then deletes it.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, VolumeSource } from '../../../../api/core/v1/volume-types.ts';
import { sleep } from '../../../../client/clock/clock.ts';
import { isAlreadyExists, isNotFound } from '../../../../machinery/status.ts';
import type { BinderContext } from './binder-context.ts';
import { capacityBytes } from './volume-helpers.ts';

const GI = 1024n ** 3n;
const SCRUB = 'test -e /scrub && find /scrub -mindepth 1 -delete && test -z "$(ls -A /scrub)" || exit 1';

/** Reads a recycler pod template file (YAML or JSON); a file that cannot be read is an error at start. */
export function loadRecyclerTemplate(path: string | undefined): Pod | undefined {
  if (!path) return undefined;
  return parseYaml(readFileSync(path, 'utf8')) as Pod;
}

/** Kubernetes' CalculateTimeoutForVolume: whole Gi times the increment, at least the minimum. */
export function recyclerTimeoutSeconds(minimum: number, increment: number, volume: PersistentVolume): number {
  const timeout = Number(capacityBytes(volume) / GI) * increment;
  return timeout < minimum ? minimum : timeout;
}

function defaultTemplate(): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { generateName: 'pv-recycler-', namespace: 'default' },
    spec: {
      restartPolicy: 'Never',
      volumes: [{ name: 'vol' }],
      containers: [{ name: 'pv-recycler', image: 'busybox:1.36', command: ['/bin/sh'], args: ['-c', SCRUB], volumeMounts: [{ name: 'vol', mountPath: '/scrub' }] }],
    },
  };
}

/** The recycler pod for a volume, or undefined when no in-tree recycler takes its source. */
export function recyclerPod(ctx: BinderContext, volume: PersistentVolume): Pod | undefined {
  const { recycler } = ctx;
  let source: VolumeSource;
  let template: Pod | undefined;
  let timeout: number;
  if (volume.spec?.hostPath) {
    source = { hostPath: { path: volume.spec.hostPath.path } };
    template = recycler.podTemplateHostPath;
    timeout = recyclerTimeoutSeconds(recycler.minimumTimeoutHostPath, recycler.incrementTimeoutHostPath, volume);
  } else if (volume.spec?.nfs) {
    source = { nfs: { server: volume.spec.nfs.server, path: volume.spec.nfs.path } };
    template = recycler.podTemplateNFS;
    timeout = recyclerTimeoutSeconds(recycler.minimumTimeoutNFS, recycler.incrementTimeoutNFS, volume);
  } else {
    return undefined;
  }
  const pod = structuredClone(template ?? defaultTemplate());
  const volumes = pod.spec?.volumes?.length ? pod.spec.volumes : [{ name: 'vol' }];
  volumes[0] = { name: volumes[0]!.name, ...source };
  return {
    ...pod,
    metadata: { ...pod.metadata, name: `recycler-for-${volume.metadata.name}`, namespace: pod.metadata?.namespace || 'default' },
    spec: { ...pod.spec!, volumes, activeDeadlineSeconds: timeout },
  };
}

/** Runs the pod until it finishes; throws when it fails. The pod is deleted either way. */
export async function runRecyclerPod(ctx: BinderContext, pod: Pod, signal?: AbortSignal): Promise<void> {
  const namespace = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  try {
    await ctx.client.createPod(pod);
  } catch (err) {
    if (!isAlreadyExists(err)) throw new Error(`unexpected error creating recycler pod: ${(err as Error).message}`);
  }
  try {
    const deadline = ctx.clock.now() + ((pod.spec?.activeDeadlineSeconds ?? 60) + 60) * 1000;
    while (ctx.clock.now() < deadline) {
      const current = await ctx.client.getPod(namespace, name);
      if (current.status?.phase === 'Succeeded') return;
      if (current.status?.phase === 'Failed') throw new Error(`pod failed, pod.Status.Message ${current.status.message ?? ''}`);
      await sleep(ctx.clock, 1000, signal);
    }
    throw new Error('recycler pod did not finish in time');
  } finally {
    await ctx.client.deletePod(namespace, name).catch((err) => {
      if (!isNotFound(err)) throw err;
    });
  }
}
