// The two kinds one replica controller serves, as Kubernetes serves them: apps/v1 ReplicaSets as
// they are, and core/v1 ReplicationControllers through an adapter that reads one as a ReplicaSet
// (its selector map becomes matchLabels) and writes the computed status back in its own shape
// (no terminatingReplicas, which ReplicationControllers do not have).
import type { LabelSelector } from '../../../api/meta/v1/types.ts';
import type { ReplicaSet, ReplicaSetStatus } from '../../../api/apps/v1/types.ts';
import type { ReplicationController } from '../../../api/core/v1/pod-types.ts';
import type { GroupVersionResource } from '../../../client/rest/resource.ts';
import type { CachedObject } from '../../../client/cache/store.ts';

export interface ReplicaKind<T extends CachedObject = CachedObject> {
  kind: 'ReplicaSet' | 'ReplicationController';
  apiVersion: string;
  resource: GroupVersionResource;
  /** The name the controller's events are reported under (Kubernetes' event source component). */
  eventSource: string;
  /** Whether status.terminatingReplicas is kept (ReplicaSets, with DeploymentReplicaSetTerminatingReplicas on by default). */
  countsTerminating: boolean;
  /** The object read as a ReplicaSet; spec.replicas defaults to 1 as the API defaults it. */
  asReplicaSet(obj: T): ReplicaSet;
  /** The object to write to /status: `obj` with `status` in its own shape. */
  withStatus(obj: T, status: ReplicaSetStatus): T;
}

export const replicaSetKind: ReplicaKind<ReplicaSet> = {
  kind: 'ReplicaSet',
  apiVersion: 'apps/v1',
  resource: { group: 'apps', version: 'v1', resource: 'replicasets' },
  eventSource: 'replicaset-controller',
  countsTerminating: true,
  asReplicaSet: (rs) => ({ ...rs, apiVersion: 'apps/v1', kind: 'ReplicaSet' }),
  withStatus: (rs, status) => ({ ...rs, status }),
};

export const replicationControllerKind: ReplicaKind<ReplicationController> = {
  kind: 'ReplicationController',
  apiVersion: 'v1',
  resource: { group: '', version: 'v1', resource: 'replicationcontrollers' },
  eventSource: 'replication-controller',
  countsTerminating: false,
  asReplicaSet(rc) {
    const spec = rc.spec ?? {};
    // A nil selector selects nothing, an empty one everything, as LabelSelectorAsSelector reads them.
    const selector: LabelSelector | null = spec.selector ? { matchLabels: { ...spec.selector } } : null;
    const { terminatingReplicas: _none, ...status } = (rc.status ?? { replicas: 0 }) as ReplicaSetStatus;
    return {
      apiVersion: 'v1',
      kind: 'ReplicationController',
      metadata: rc.metadata,
      spec: { replicas: spec.replicas, minReadySeconds: spec.minReadySeconds, selector, template: spec.template },
      status,
    };
  },
  withStatus(rc, status) {
    const { terminatingReplicas: _none, ...own } = status;
    return { ...rc, status: own };
  },
};
