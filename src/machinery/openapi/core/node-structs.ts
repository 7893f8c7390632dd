// core/v1 node types as Go structs (see ../go-structs.ts for the notation). Field numbers, tags
// and Go types are Kubernetes' (k8s.io/api core/v1 types.go); descriptions are our own.
import type { StructDecl } from '../go-structs.ts';

const RESOURCE_LIST = 'map[string]Quantity:ResourceList';

export const nodeStructs: Record<string, StructDecl> = {
  Taint: {
    doc: 'A mark on a node that repels every pod which does not tolerate it.',
    fields: [
      ['key', 1, 'string', 'The taint\'s key, a qualified name. Required.'],
      ['value,omitempty', 2, 'string', 'The taint\'s value, a label value.'],
      ['effect', 3, 'string:TaintEffect', 'What the taint does to pods that do not tolerate it: NoSchedule (no new pods), PreferNoSchedule (new pods only when nothing else fits) or NoExecute (running pods are evicted too). Required.', { enum: ['NoExecute', 'NoSchedule', 'PreferNoSchedule'] }],
      ['*timeAdded,omitempty', 4, 'meta.Time', 'When the taint was added; set by the system for NoExecute taints.'],
    ],
  },
  ConfigMapNodeConfigSource: {
    doc: 'A config map holding a node\'s configuration. Deprecated: dynamic node configuration was removed.',
    fields: [
      ['namespace', 1, 'string', 'The namespace of the config map. Required.'],
      ['name', 2, 'string', 'The name of the config map. Required.'],
      ['uid,omitempty', 3, 'string', 'The uid of the config map; not allowed in a node\'s spec, required in its status.'],
      ['resourceVersion,omitempty', 4, 'string', 'The resourceVersion of the config map; not allowed in a node\'s spec, required in its status.'],
      ['kubeletConfigKey', 5, 'string', 'The key of the config map that holds the node agent\'s configuration. Required.'],
    ],
  },
  NodeConfigSource: {
    doc: 'Where a node\'s configuration comes from. Deprecated: dynamic node configuration was removed.',
    fields: [['*configMap,omitempty', 2, 'ConfigMapNodeConfigSource', 'A config map holding the configuration.']],
  },
  NodeSpec: {
    doc: 'How a node is set up and whether it takes new pods.',
    fields: [
      ['podCIDR,omitempty', 1, 'string', 'The IP range the node\'s pods take their addresses from; equal to podCIDRs[0].'],
      ['podCIDRs,omitempty', 7, '[]string', 'The IP ranges the node\'s pods take their addresses from, at most one per IP family; the first equals podCIDR. Can be set once.', { listType: 'set', patchStrategy: 'merge' }],
      ['providerID,omitempty', 3, 'string', 'The node\'s identity at its infrastructure provider, <provider>://<id>. Fixed once set.'],
      ['unschedulable,omitempty', 4, 'bool', 'Keep new pods off the node (cordon); pods already on it stay. Defaults to false.'],
      ['taints,omitempty', 5, '[]Taint', 'The node\'s taints, unique by key and effect.', { listType: 'atomic' }],
      ['*configSource,omitempty', 6, 'NodeConfigSource', 'Deprecated and unused: the source of the node\'s dynamic configuration, a feature that was removed.'],
      ['externalID,omitempty', 2, 'string', 'Deprecated and unused.'],
    ],
  },
  DaemonEndpoint: {
    doc: 'One port a daemon on the node listens on.',
    fields: [['Port', 1, 'int32', 'The port number.']],
  },
  NodeDaemonEndpoints: {
    doc: 'The ports daemons on a node listen on.',
    fields: [['kubeletEndpoint,omitempty', 1, 'DaemonEndpoint', 'Where the node agent listens.']],
  },
  NodeRuntimeHandlerFeatures: {
    doc: 'What a runtime handler supports.',
    fields: [
      ['*recursiveReadOnlyMounts,omitempty', 1, 'bool', 'The handler can make read-only mounts read-only all the way down.'],
      ['*userNamespaces,omitempty', 2, 'bool', 'The handler supports user namespaces, volumes included.'],
    ],
  },
  NodeRuntimeHandler: {
    doc: 'A runtime handler of the node\'s container runtime and what it supports.',
    fields: [
      ['name', 1, 'string', 'The handler\'s name; empty for the default handler.', { optional: true }],
      ['*features,omitempty', 2, 'NodeRuntimeHandlerFeatures', 'What the handler supports.'],
    ],
  },
  NodeFeatures: {
    doc: 'What the node\'s container runtime supports, whatever the handler.',
    fields: [['*supplementalGroupsPolicy,omitempty', 1, 'bool', 'The runtime supports a pod\'s supplementalGroupsPolicy and a container\'s user report.']],
  },
  NodeSwapStatus: {
    doc: 'The node\'s swap memory.',
    fields: [['*capacity,omitempty', 1, 'int64', 'The size of swap, in bytes.']],
  },
  NodeSystemInfo: {
    doc: 'Identifiers and versions the node reports about itself.',
    fields: [
      ['machineID', 1, 'string', 'The machine id (as in /etc/machine-id); the preferred unique identifier of the machine.'],
      ['systemUUID', 2, 'string', 'The system UUID the firmware reports.'],
      ['bootID', 3, 'string', 'An identifier that changes with every boot.'],
      ['kernelVersion', 4, 'string', 'The kernel version, as `uname -r` prints it.'],
      ['osImage', 5, 'string', 'The operating system\'s name and version, from /etc/os-release.'],
      ['containerRuntimeVersion', 6, 'string', 'The container runtime and its version, <runtime>://<version>.'],
      ['kubeletVersion', 7, 'string', 'The version of the node agent.'],
      ['kubeProxyVersion', 8, 'string', 'Deprecated: the version of the service proxy.'],
      ['operatingSystem', 9, 'string', 'The operating system, e.g. linux.'],
      ['architecture', 10, 'string', 'The CPU architecture, e.g. amd64.'],
      ['*swap,omitempty', 11, 'NodeSwapStatus', 'The node\'s swap memory.'],
    ],
  },
  NodeConfigStatus: {
    doc: 'Deprecated: what became of a node\'s dynamic configuration, a feature that was removed.',
    fields: [
      ['*assigned,omitempty', 1, 'NodeConfigSource', 'The configuration the node was told to use and has saved.'],
      ['*active,omitempty', 2, 'NodeConfigSource', 'The configuration the node is using.'],
      ['*lastKnownGood,omitempty', 3, 'NodeConfigSource', 'The configuration the node falls back to when the assigned one fails.'],
      ['error,omitempty', 4, 'string', 'What went wrong applying the configuration, in words for people.'],
    ],
  },
  NodeCondition: {
    doc: 'One aspect of a node\'s state at a point in time.',
    fields: [
      ['type', 1, 'string:NodeConditionType', 'The kind of condition: Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable or one a provider adds.'],
      ['status', 2, 'string:ConditionStatus', 'True, False or Unknown.'],
      ['lastHeartbeatTime,omitempty', 3, 'meta.Time', 'When the condition was last reported.'],
      ['lastTransitionTime,omitempty', 4, 'meta.Time', 'When the status last changed.'],
      ['reason,omitempty', 5, 'string', 'Why the status last changed, one CamelCase word.'],
      ['message,omitempty', 6, 'string', 'Details of the last change, for people.'],
    ],
  },
  NodeAddress: {
    doc: 'One address of a node.',
    fields: [
      ['type', 1, 'string:NodeAddressType', 'The kind of address: Hostname, InternalIP, ExternalIP, InternalDNS or ExternalDNS.'],
      ['address', 2, 'string', 'The address.'],
    ],
  },
  ContainerImage: {
    doc: 'A container image present on a node.',
    fields: [
      ['names', 1, '[]string', 'The names the image is known by, such as registry.example/app:v1.', { listType: 'atomic', optional: true }],
      ['sizeBytes,omitempty', 2, 'int64', 'The size of the image, in bytes.'],
    ],
  },
  AttachedVolume: {
    doc: 'A volume attached to a node.',
    fields: [
      ['name', 1, 'string:UniqueVolumeName', 'The volume\'s unique name.'],
      ['devicePath', 2, 'string', 'The device path the volume is available at.'],
    ],
  },
  NodeStatus: {
    doc: 'The observed state of a node, reported by the node and the controllers watching it.',
    fields: [
      ['capacity,omitempty', 1, RESOURCE_LIST, 'All of each resource the node has.'],
      ['allocatable,omitempty', 2, RESOURCE_LIST, 'What of each resource is left for pods; defaults to capacity.'],
      ['phase,omitempty', 3, 'string:NodePhase', 'Deprecated and never set: the node\'s lifecycle phase.', { enum: ['Pending', 'Running', 'Terminated'] }],
      ['conditions,omitempty', 4, '[]NodeCondition', 'The node\'s current conditions, one per type.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
      ['addresses,omitempty', 5, '[]NodeAddress', 'The addresses the node can be reached at. Merged by type in patches although types may repeat, so replace the whole list instead.', { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' }],
      ['daemonEndpoints,omitempty', 6, 'NodeDaemonEndpoints', 'The ports the node\'s daemons listen on.'],
      ['nodeInfo,omitempty', 7, 'NodeSystemInfo', 'Identifiers and versions the node reports.'],
      ['images,omitempty', 8, '[]ContainerImage', 'The container images on the node.', { listType: 'atomic' }],
      ['volumesInUse,omitempty', 9, '[]string:UniqueVolumeName', 'The attachable volumes the node has mounted.', { listType: 'atomic' }],
      ['volumesAttached,omitempty', 10, '[]AttachedVolume', 'The volumes attached to the node.', { listType: 'atomic' }],
      ['*config,omitempty', 11, 'NodeConfigStatus', 'Deprecated: the state of the node\'s dynamic configuration.'],
      ['runtimeHandlers,omitempty', 12, '[]NodeRuntimeHandler', 'The runtime handlers the node offers.', { listType: 'atomic' }],
      ['*features,omitempty', 13, 'NodeFeatures', 'What the node\'s container runtime supports.'],
      ['declaredFeatures,omitempty', 14, '[]string', 'The feature-gated features the node declares it has.', { listType: 'atomic' }],
    ],
  },
  Node: {
    doc: 'Node is a machine pods run on, as the cluster knows it.',
    kind: { group: '', version: 'v1', kind: 'Node' },
    listDoc: 'A list of nodes.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec,omitempty', 2, 'NodeSpec', 'How the node is set up.'],
      ['status,omitempty', 3, 'NodeStatus', 'The observed state of the node; changed only through /status.'],
    ],
  },
};
