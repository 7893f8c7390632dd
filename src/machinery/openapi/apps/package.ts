// apps/v1's types as Go structs (see ../go-structs.ts): the workload controllers' kinds
// (Deployment, ReplicaSet, StatefulSet, DaemonSet) and ControllerRevision, the snapshots the
// StatefulSet and DaemonSet controllers keep of their templates. Field numbers and tags are
// Kubernetes' (k8s.io/api apps/v1, 1.35); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

const CONDITION_STATUS = 'string:ConditionStatus';
const TEMPLATE = 'core.PodTemplateSpec';

export const appsPackage: GoPackage = {
  prefix: 'io.orch.api.apps.v1',
  goPackage: 'v1',
  structs: {
    StatefulSet: {
      doc: 'StatefulSet runs a set of pods that each keep a stable identity: an ordinal name, a hostname under its governing service and claims of their own from the claim templates.',
      kind: { group: 'apps', version: 'v1', kind: 'StatefulSet' },
      listDoc: 'A list of stateful sets.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'StatefulSetSpec', 'The pods wanted and how they are created, updated and numbered.'],
        ['status,omitempty', 3, 'StatefulSetStatus', 'What the controller last observed; changed only through /status.'],
      ],
    },
    StatefulSetUpdateStrategy: {
      doc: 'How the controller replaces pods when the template changes.',
      fields: [
        ['type,omitempty', 1, 'string:StatefulSetUpdateStrategyType', 'RollingUpdate (the default) replaces pods in reverse ordinal order; OnDelete makes new pods only when old ones are deleted.', { enum: ['OnDelete', 'RollingUpdate'] }],
        ['*rollingUpdate,omitempty', 2, 'RollingUpdateStatefulSetStrategy', 'Parameters of a RollingUpdate; only allowed with that type.'],
      ],
    },
    RollingUpdateStatefulSetStrategy: {
      doc: 'Parameters of a stateful set\'s rolling update.',
      fields: [
        ['*partition,omitempty', 1, 'int32', 'Only pods with an ordinal at or above this one are updated; the rest keep the old template. Defaults to 0.'],
        ['*maxUnavailable,omitempty', 2, 'IntOrString', 'How many pods (a number, or a percentage of replicas rounded up) may be unavailable during the update; not 0. Honoured only with the MaxUnavailableStatefulSet feature.'],
      ],
    },
    StatefulSetPersistentVolumeClaimRetentionPolicy: {
      doc: 'What happens to the claims made from the claim templates when the set is deleted or scaled down.',
      fields: [
        ['whenDeleted,omitempty', 1, 'string:PersistentVolumeClaimRetentionPolicyType', 'Retain (the default) keeps the claims when the set is deleted; Delete deletes them.'],
        ['whenScaled,omitempty', 2, 'string:PersistentVolumeClaimRetentionPolicyType', 'Retain (the default) keeps the claims of pods removed by a scale down; Delete deletes them.'],
      ],
    },
    StatefulSetOrdinals: {
      doc: 'How the replicas of a stateful set are numbered.',
      fields: [['start', 1, 'int32', 'The ordinal of the first replica; replicas are numbered from it up. Defaults to 0.', { optional: true }]],
    },
    StatefulSetSpec: {
      doc: 'The pods a stateful set wants, and how they are made.',
      fields: [
        ['*replicas,omitempty', 1, 'int32', 'How many pods the set should have. Defaults to 1.'],
        ['*selector', 2, 'meta.LabelSelector', 'The labels of the set\'s pods; must match the template\'s labels, may not be empty and never changes.', { required: true }],
        ['template', 3, TEMPLATE, 'The pod each replica is made from, named <set name>-<ordinal>; restartPolicy must be Always.'],
        ['volumeClaimTemplates,omitempty', 4, '[]core.PersistentVolumeClaim', 'Claims each pod gets its own copy of, mounted by name; they take precedence over template volumes of the same name.', { listType: 'atomic' }],
        ['serviceName', 5, 'string', 'The service that governs the pods\' network identity: pods get hostnames under it. A DNS label when set.', { optional: true }],
        ['podManagementPolicy,omitempty', 6, 'string:PodManagementPolicyType', 'OrderedReady (the default) creates pods one at a time in order, each once the previous is ready, and removes them in reverse; Parallel creates and removes them all at once.', { enum: ['OrderedReady', 'Parallel'] }],
        ['updateStrategy,omitempty', 7, 'StatefulSetUpdateStrategy', 'How pods are replaced when the template changes. Defaults to RollingUpdate with partition 0.'],
        ['*revisionHistoryLimit,omitempty', 8, 'int32', 'How many old revisions the controller keeps. Defaults to 10.'],
        ['minReadySeconds,omitempty', 9, 'int32', 'Seconds a new pod must be ready, with no container crashing, before it counts as available. Defaults to 0.'],
        ['*persistentVolumeClaimRetentionPolicy,omitempty', 10, 'StatefulSetPersistentVolumeClaimRetentionPolicy', 'Whether claims made from the templates are deleted with the set or on scale down. Defaults to Retain for both.'],
        ['*ordinals,omitempty', 11, 'StatefulSetOrdinals', 'How replicas are numbered; without it they count from 0.'],
      ],
    },
    StatefulSetStatus: {
      doc: 'What a stateful set\'s controller last observed.',
      fields: [
        ['observedGeneration,omitempty', 1, 'int64', 'The generation of the set the controller last acted on.'],
        ['replicas', 2, 'int32', 'How many pods the controller has made.'],
        ['readyReplicas,omitempty', 3, 'int32', 'How many of its pods are ready.'],
        ['currentReplicas,omitempty', 4, 'int32', 'How many of its pods run the current revision.'],
        ['updatedReplicas,omitempty', 5, 'int32', 'How many of its pods run the update revision.'],
        ['currentRevision,omitempty', 6, 'string', 'The revision the pods with the lowest ordinals [0, currentReplicas) were made from.'],
        ['updateRevision,omitempty', 7, 'string', 'The revision the pods with the highest ordinals [replicas-updatedReplicas, replicas) were made from.'],
        ['*collisionCount,omitempty', 9, 'int32', 'Hash collisions met naming revisions; the controller adds it to the hash to make new names.'],
        ['conditions,omitempty', 10, '[]StatefulSetCondition', 'The set\'s current conditions, one per type.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
        ['availableReplicas', 11, 'int32', 'How many of its pods have been ready for at least minReadySeconds.', { optional: true }],
      ],
    },
    StatefulSetCondition: {
      doc: 'One condition of a stateful set.',
      fields: [
        ['type', 1, 'string:StatefulSetConditionType', 'The condition\'s type.'],
        ['status', 2, CONDITION_STATUS, 'True, False or Unknown.'],
        ['lastTransitionTime,omitempty', 3, 'meta.Time', 'When the status last changed.'],
        ['reason,omitempty', 4, 'string', 'A one-word CamelCase reason for the last change.'],
        ['message,omitempty', 5, 'string', 'The last change, for people.'],
      ],
    },
    Deployment: {
      doc: 'Deployment keeps a number of pods from a template running through replica sets, and rolls out template changes by moving pods from the old replica sets to a new one.',
      kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
      listDoc: 'A list of deployments.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'DeploymentSpec', 'The pods wanted and how changes are rolled out.'],
        ['status,omitempty', 3, 'DeploymentStatus', 'What the controller last observed; changed only through /status.'],
      ],
    },
    DeploymentSpec: {
      doc: 'The pods a deployment wants, and how template changes roll out.',
      fields: [
        ['*replicas,omitempty', 1, 'int32', 'How many pods the deployment should have. Defaults to 1.'],
        ['*selector', 2, 'meta.LabelSelector', 'The labels of the deployment\'s pods, by which it finds its replica sets; must match the template\'s labels, may not be empty and never changes.', { required: true }],
        ['template', 3, TEMPLATE, 'The pods to run; restartPolicy must be Always. A change rolls out a new replica set.'],
        ['strategy,omitempty', 4, 'DeploymentStrategy', 'How old pods are replaced by new ones. Defaults to RollingUpdate with 25% unavailable and 25% surge.', { patchStrategy: 'retainKeys' }],
        ['minReadySeconds,omitempty', 5, 'int32', 'Seconds a new pod must be ready, with no container crashing, before it counts as available. Defaults to 0.'],
        ['*revisionHistoryLimit,omitempty', 6, 'int32', 'How many old replica sets are kept for rolling back. Defaults to 10.'],
        ['paused,omitempty', 7, 'bool', 'While true, template changes are not rolled out.'],
        ['*progressDeadlineSeconds,omitempty', 9, 'int32', 'Seconds a rollout may go without progress before it is reported as failed (ProgressDeadlineExceeded); must exceed minReadySeconds. Defaults to 600.'],
      ],
    },
    DeploymentStrategy: {
      doc: 'How a deployment replaces old pods with new ones.',
      fields: [
        ['type,omitempty', 1, 'string:DeploymentStrategyType', 'RollingUpdate (the default) replaces pods gradually; Recreate removes all old pods before making new ones.', { enum: ['Recreate', 'RollingUpdate'] }],
        ['*rollingUpdate,omitempty', 2, 'RollingUpdateDeployment', 'Parameters of a RollingUpdate; only allowed with that type.'],
      ],
    },
    RollingUpdateDeployment: {
      doc: 'Parameters of a deployment\'s rolling update.',
      fields: [
        ['*maxUnavailable,omitempty', 1, 'IntOrString', 'How many pods (a number, or a percentage of replicas rounded down) may be unavailable during the update; not 0 when maxSurge is 0. Defaults to 25%.'],
        ['*maxSurge,omitempty', 2, 'IntOrString', 'How many pods (a number, or a percentage of replicas rounded up) may run above replicas during the update; not 0 when maxUnavailable is 0. Defaults to 25%.'],
      ],
    },
    DeploymentStatus: {
      doc: 'What a deployment\'s controller last observed.',
      fields: [
        ['observedGeneration,omitempty', 1, 'int64', 'The generation of the deployment the controller last acted on.'],
        ['replicas,omitempty', 2, 'int32', 'How many non-terminating pods the deployment selects.'],
        ['updatedReplicas,omitempty', 3, 'int32', 'How many of them run the current template.'],
        ['readyReplicas,omitempty', 7, 'int32', 'How many of them are ready.'],
        ['availableReplicas,omitempty', 4, 'int32', 'How many of them have been ready for at least minReadySeconds.'],
        ['unavailableReplicas,omitempty', 5, 'int32', 'How many pods are still missing for full availability: running but not yet available, or not made yet.'],
        ['*terminatingReplicas,omitempty', 9, 'int32', 'How many of its pods are terminating (deleted, not yet Succeeded or Failed). Alpha: set only with the DeploymentReplicaSetTerminatingReplicas feature.'],
        ['conditions,omitempty', 6, '[]DeploymentCondition', 'The deployment\'s current conditions (Available, Progressing, ReplicaFailure), one per type.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
        ['*collisionCount,omitempty', 8, 'int32', 'Hash collisions met naming replica sets; the controller adds it to the hash to make new names.'],
      ],
    },
    DeploymentCondition: {
      doc: 'One condition of a deployment.',
      fields: [
        ['type', 1, 'string:DeploymentConditionType', 'The condition\'s type: Available, Progressing or ReplicaFailure.'],
        ['status', 2, CONDITION_STATUS, 'True, False or Unknown.'],
        ['lastUpdateTime,omitempty', 6, 'meta.Time', 'When the condition was last written.'],
        ['lastTransitionTime,omitempty', 7, 'meta.Time', 'When the status last changed.'],
        ['reason,omitempty', 4, 'string', 'A one-word CamelCase reason for the last change.'],
        ['message,omitempty', 5, 'string', 'The last change, for people.'],
      ],
    },
    DaemonSetUpdateStrategy: {
      doc: 'How a daemon set replaces its pods when the template changes.',
      fields: [
        ['type,omitempty', 1, 'string:DaemonSetUpdateStrategyType', 'RollingUpdate (the default) replaces pods node by node; OnDelete makes a new pod only when the old one is deleted.', { enum: ['OnDelete', 'RollingUpdate'] }],
        ['*rollingUpdate,omitempty', 2, 'RollingUpdateDaemonSet', 'Parameters of a RollingUpdate.'],
      ],
    },
    RollingUpdateDaemonSet: {
      doc: 'Parameters of a daemon set\'s rolling update.',
      fields: [
        ['*maxUnavailable,omitempty', 1, 'IntOrString', 'How many nodes (a number, or a percentage of desiredNumberScheduled rounded up) may be without an available daemon pod during the update; not 0 when maxSurge is 0. Defaults to 1.'],
        ['*maxSurge,omitempty', 2, 'IntOrString', 'How many nodes (a number, or a percentage rounded up to at least 1) may run an updated pod beside the old one during the update; not 0 when maxUnavailable is 0. Defaults to 0.'],
      ],
    },
    DaemonSetSpec: {
      doc: 'The pod a daemon set runs on each node, and how it is updated.',
      fields: [
        ['*selector', 1, 'meta.LabelSelector', 'The labels of the daemon set\'s pods; must match the template\'s labels, may not be empty and never changes.', { required: true }],
        ['template', 2, TEMPLATE, 'The pod run on every node its node selector and affinity allow (every node without them); restartPolicy must be Always.'],
        ['updateStrategy,omitempty', 3, 'DaemonSetUpdateStrategy', 'How pods are replaced when the template changes. Defaults to RollingUpdate with 1 unavailable and no surge.'],
        ['minReadySeconds,omitempty', 4, 'int32', 'Seconds a new pod must be ready, with no container crashing, before it counts as available. Defaults to 0.'],
        ['*revisionHistoryLimit,omitempty', 6, 'int32', 'How many old revisions are kept for rolling back. Defaults to 10.'],
      ],
    },
    DaemonSetStatus: {
      doc: 'What a daemon set\'s controller last observed.',
      fields: [
        ['currentNumberScheduled', 1, 'int32', 'How many nodes that should run the pod run at least one.'],
        ['numberMisscheduled', 2, 'int32', 'How many nodes run the pod but should not.'],
        ['desiredNumberScheduled', 3, 'int32', 'How many nodes should run the pod, those that already do included.'],
        ['numberReady', 4, 'int32', 'How many nodes that should run the pod run at least one that is ready.'],
        ['observedGeneration,omitempty', 5, 'int64', 'The generation of the daemon set the controller last acted on.'],
        ['updatedNumberScheduled,omitempty', 6, 'int32', 'How many nodes run a pod of the current template.'],
        ['numberAvailable,omitempty', 7, 'int32', 'How many nodes that should run the pod run at least one that has been ready for minReadySeconds.'],
        ['numberUnavailable,omitempty', 8, 'int32', 'How many nodes that should run the pod run none that is available.'],
        ['*collisionCount,omitempty', 9, 'int32', 'Hash collisions met naming revisions; the controller adds it to the hash to make new names.'],
        ['conditions,omitempty', 10, '[]DaemonSetCondition', 'The daemon set\'s current conditions, one per type.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
      ],
    },
    DaemonSetCondition: {
      doc: 'One condition of a daemon set.',
      fields: [
        ['type', 1, 'string:DaemonSetConditionType', 'The condition\'s type.'],
        ['status', 2, CONDITION_STATUS, 'True, False or Unknown.'],
        ['lastTransitionTime,omitempty', 3, 'meta.Time', 'When the status last changed.'],
        ['reason,omitempty', 4, 'string', 'A one-word CamelCase reason for the last change.'],
        ['message,omitempty', 5, 'string', 'The last change, for people.'],
      ],
    },
    DaemonSet: {
      doc: 'DaemonSet runs one copy of a pod on each node that its template\'s node selector and affinity allow.',
      kind: { group: 'apps', version: 'v1', kind: 'DaemonSet' },
      listDoc: 'A list of daemon sets.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'DaemonSetSpec', 'The pod wanted on each node and how it is updated.'],
        ['status,omitempty', 3, 'DaemonSetStatus', 'What the controller last observed; changed only through /status.'],
      ],
    },
    ReplicaSet: {
      doc: 'ReplicaSet keeps a number of pods from a template running; deployments manage replica sets for their rollouts.',
      kind: { group: 'apps', version: 'v1', kind: 'ReplicaSet' },
      listDoc: 'A list of replica sets.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'ReplicaSetSpec', 'The pods wanted.'],
        ['status,omitempty', 3, 'ReplicaSetStatus', 'What the controller last observed; changed only through /status.'],
      ],
    },
    ReplicaSetSpec: {
      doc: 'The pods a replica set wants.',
      fields: [
        ['*replicas,omitempty', 1, 'int32', 'How many pods the replica set should have. Defaults to 1.'],
        ['minReadySeconds,omitempty', 4, 'int32', 'Seconds a new pod must be ready, with no container crashing, before it counts as available. Defaults to 0.'],
        ['*selector', 2, 'meta.LabelSelector', 'The labels of the replica set\'s pods; must match the template\'s labels, may not be empty and never changes.', { required: true }],
        ['template,omitempty', 3, TEMPLATE, 'The pod made when replicas are missing; restartPolicy must be Always.'],
      ],
    },
    ReplicaSetStatus: {
      doc: 'What a replica set\'s controller last observed.',
      fields: [
        ['replicas', 1, 'int32', 'How many non-terminating pods the replica set has.'],
        ['fullyLabeledReplicas,omitempty', 2, 'int32', 'How many of them carry all the template\'s labels.'],
        ['readyReplicas,omitempty', 4, 'int32', 'How many of them are ready.'],
        ['availableReplicas,omitempty', 5, 'int32', 'How many of them have been ready for at least minReadySeconds.'],
        ['*terminatingReplicas,omitempty', 7, 'int32', 'How many of its pods are terminating (deleted, not yet Succeeded or Failed). Alpha: set only with the DeploymentReplicaSetTerminatingReplicas feature.'],
        ['observedGeneration,omitempty', 3, 'int64', 'The generation of the replica set the controller last acted on.'],
        ['conditions,omitempty', 6, '[]ReplicaSetCondition', 'The replica set\'s current conditions, one per type.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
      ],
    },
    ReplicaSetCondition: {
      doc: 'One condition of a replica set.',
      fields: [
        ['type', 1, 'string:ReplicaSetConditionType', 'The condition\'s type, e.g. ReplicaFailure.'],
        ['status', 2, CONDITION_STATUS, 'True, False or Unknown.'],
        ['lastTransitionTime,omitempty', 3, 'meta.Time', 'When the status last changed.'],
        ['reason,omitempty', 4, 'string', 'A one-word CamelCase reason for the last change.'],
        ['message,omitempty', 5, 'string', 'The last change, for people.'],
      ],
    },
    ControllerRevision: {
      doc: 'ControllerRevision is a snapshot of a controller\'s state (a stateful set\'s or daemon set\'s template) kept for updates and rollbacks. Its data never changes once created; it can only be deleted.',
      kind: { group: 'apps', version: 'v1', kind: 'ControllerRevision' },
      listDoc: 'A list of controller revisions.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['data,omitempty', 2, 'RawExtension', 'The state kept, as a JSON object; required and immutable.'],
        ['revision', 3, 'int64', 'The revision number of the state kept; 0 or more.'],
      ],
    },
  },
};
