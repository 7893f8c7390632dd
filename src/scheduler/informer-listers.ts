// The scheduler's listers backed by shared informers of the cluster-wide objects it reads, and the
// informers themselves, so the daemon can run them and wait for their first lists. A change to a
// claim, volume, storage class, namespace or service may let a waiting pod fit, so each of them
// sends unschedulable pods back to be tried.
import { SharedInformer } from '../client/cache/shared-informer.ts';
import { NAMESPACE_INDEX, type CachedObject } from '../client/cache/store.ts';
import type { Clock } from '../client/clock/clock.ts';
import type { RestClient } from '../client/rest/client.ts';
import { ResourceClient } from '../client/rest/resource.ts';
import type { Namespace } from '../api/core/v1/namespace-types.ts';
import type { ReplicationController } from '../api/core/v1/pod-types.ts';
import type { Service } from '../api/core/v1/service-types.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../api/core/v1/volume-types.ts';
import type { ReplicaSet, StatefulSet } from '../api/apps/v1/types.ts';
import type { PodDisruptionBudget } from '../api/policy/v1/types.ts';
import type { StorageClass } from '../api/storage/v1/types.ts';
import type { Listers } from './listers.ts';

export interface ListerInformers {
  listers: Listers;
  informers: SharedInformer<any>[];
}

export function informerListers(rest: RestClient, clock: Clock, onChange: () => void): ListerInformers {
  const informers: SharedInformer<any>[] = [];
  const make = <T extends CachedObject>(group: string, version: string, resource: string, movesPods: boolean): SharedInformer<T> => {
    const informer = new SharedInformer<T>(new ResourceClient<T>(rest, { group, version, resource }), { clock, name: resource });
    if (movesPods) informer.addEventHandler({ onAdd: onChange, onUpdate: onChange, onDelete: onChange });
    informers.push(informer);
    return informer;
  };
  const namespaces = make<Namespace>('', 'v1', 'namespaces', true);
  const services = make<Service>('', 'v1', 'services', true);
  const rcs = make<ReplicationController>('', 'v1', 'replicationcontrollers', false);
  const rss = make<ReplicaSet>('apps', 'v1', 'replicasets', false);
  const sss = make<StatefulSet>('apps', 'v1', 'statefulsets', false);
  const claims = make<PersistentVolumeClaim>('', 'v1', 'persistentvolumeclaims', true);
  const volumes = make<PersistentVolume>('', 'v1', 'persistentvolumes', true);
  const classes = make<StorageClass>('storage.orch.io', 'v1', 'storageclasses', true);
  const pdbs = make<PodDisruptionBudget>('policy', 'v1', 'poddisruptionbudgets', false);
  const key = (ns: string, name: string) => `${ns}/${name}`;
  return {
    informers,
    listers: {
      namespace: (name) => namespaces.indexer.get(name),
      services: (ns) => services.indexer.byIndex(NAMESPACE_INDEX, ns),
      replicationController: (ns, name) => rcs.indexer.get(key(ns, name)),
      replicaSet: (ns, name) => rss.indexer.get(key(ns, name)),
      statefulSet: (ns, name) => sss.indexer.get(key(ns, name)),
      claim: (ns, name) => claims.indexer.get(key(ns, name)),
      volume: (name) => volumes.indexer.get(name),
      volumes: () => volumes.indexer.list(),
      storageClass: (name) => classes.indexer.get(name),
      disruptionBudgets: (ns) => pdbs.indexer.byIndex(NAMESPACE_INDEX, ns),
    },
  };
}
