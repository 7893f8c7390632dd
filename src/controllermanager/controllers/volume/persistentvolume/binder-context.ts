// What the binder's syncs work with: the API writes they make, the caches they read, the event
// recorder, the binder's own versioned caches of volumes and claims, its running operations and
// its plugins. The controller wires it from informers and the REST client; unit tests from maps.
import type { Node } from '../../../../api/core/v1/node-types.ts';
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../api/core/v1/volume-types.ts';
import type { StorageClass } from '../../../../api/storage/v1/types.ts';
import type { Clock } from '../../../../client/clock/clock.ts';
import type { EventRecorder } from '../../../../client/record/index.ts';
import type { OperationMap } from './operation-map.ts';
import type { VersionedCache } from './versioned-cache.ts';
import type { VolumePlugin } from './volume-plugins.ts';

/** The API calls of the binder. */
export interface BinderClient {
  getVolume(name: string): Promise<PersistentVolume>;
  createVolume(volume: PersistentVolume): Promise<PersistentVolume>;
  updateVolume(volume: PersistentVolume): Promise<PersistentVolume>;
  updateVolumeStatus(volume: PersistentVolume): Promise<PersistentVolume>;
  deleteVolume(name: string): Promise<void>;
  getClaim(namespace: string, name: string): Promise<PersistentVolumeClaim>;
  updateClaim(claim: PersistentVolumeClaim): Promise<PersistentVolumeClaim>;
  updateClaimStatus(claim: PersistentVolumeClaim): Promise<PersistentVolumeClaim>;
  createPod(pod: Pod): Promise<Pod>;
  getPod(namespace: string, name: string): Promise<Pod>;
  deletePod(namespace: string, name: string): Promise<void>;
}

/** What the informers hold. */
export interface BinderListers {
  volume(name: string): PersistentVolume | undefined;
  claim(key: string): PersistentVolumeClaim | undefined;
  volumes(): PersistentVolume[];
  claims(): PersistentVolumeClaim[];
  storageClass(name: string): StorageClass | undefined;
  storageClasses(): StorageClass[];
  node(name: string): Node | undefined;
  /** Pods naming the claim `namespace/name`. */
  podsOfClaim(key: string): Pod[];
}

/** --pv-recycler-* settings for recycler pods. */
export interface RecyclerSettings {
  minimumTimeoutNFS: number;
  incrementTimeoutNFS: number;
  podTemplateNFS?: Pod;
  minimumTimeoutHostPath: number;
  incrementTimeoutHostPath: number;
  podTemplateHostPath?: Pod;
}

export interface BinderContext {
  client: BinderClient;
  listers: BinderListers;
  recorder: EventRecorder;
  volumes: VersionedCache<PersistentVolume>;
  claims: VersionedCache<PersistentVolumeClaim>;
  operations: OperationMap;
  plugins: readonly VolumePlugin[];
  enableDynamicProvisioning: boolean;
  recycler: RecyclerSettings;
  clock: Clock;
  /** Queues a claim for the claim worker (`namespace/name`). */
  enqueueClaim(key: string): void;
  /** How long a provisioned volume's create is retried, and how often (Kubernetes: 5 times, 10 s apart). */
  createRetries: { count: number; intervalMs: number };
}
