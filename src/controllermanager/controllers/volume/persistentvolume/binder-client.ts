// The binder's API calls over the REST client: volumes and their /status, claims and their
// /status, and the recycler pods.
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { RestClient } from '../../../../client/rest/client.ts';
import { collectionPath, ResourceClient } from '../../../../client/rest/resource.ts';
import type { BinderClient } from './binder-context.ts';

export const PERSISTENT_VOLUMES = { group: '', version: 'v1', resource: 'persistentvolumes' };
export const CLAIMS = { group: '', version: 'v1', resource: 'persistentvolumeclaims' };
export const PODS = { group: '', version: 'v1', resource: 'pods' };
export const NODES = { group: '', version: 'v1', resource: 'nodes' };
export const STORAGE_CLASSES = { group: 'storage.orch.io', version: 'v1', resource: 'storageclasses' };

export function restBinderClient(client: RestClient, signal: AbortSignal): BinderClient {
  const volumes = new ResourceClient<PersistentVolume>(client, PERSISTENT_VOLUMES);
  const claims = (ns: string) => new ResourceClient<PersistentVolumeClaim>(client, CLAIMS, ns);
  const pods = (ns: string) => new ResourceClient<Pod>(client, PODS, ns);
  const statusPath = (gvr: typeof CLAIMS, ns: string | undefined, name: string) => `${collectionPath(gvr, ns)}/${encodeURIComponent(name)}/status`;
  return {
    getVolume: (name) => volumes.get(name, signal),
    createVolume: (pv) => volumes.create(pv, signal),
    updateVolume: (pv) => volumes.update(pv, signal),
    updateVolumeStatus: (pv) => client.request<PersistentVolume>({ method: 'PUT', path: statusPath(PERSISTENT_VOLUMES, undefined, pv.metadata.name ?? ''), body: pv, signal }),
    deleteVolume: async (name) => void (await volumes.delete(name, signal)),
    getClaim: (ns, name) => claims(ns).get(name, signal),
    updateClaim: (claim) => claims(claim.metadata.namespace ?? '').update(claim, signal),
    updateClaimStatus: (claim) =>
      client.request<PersistentVolumeClaim>({ method: 'PUT', path: statusPath(CLAIMS, claim.metadata.namespace, claim.metadata.name ?? ''), body: claim, signal }),
    createPod: (pod) => pods(pod.metadata.namespace ?? 'default').create(pod, signal),
    getPod: (ns, name) => pods(ns).get(name, signal),
    deletePod: async (ns, name) => void (await pods(ns).delete(name, signal)),
  };
}
