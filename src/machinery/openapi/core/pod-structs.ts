// core/v1 pod types as Go structs (see ../go-structs.ts for the notation): Pod with its spec and
// status and the scheduling, security and DNS settings they hold; PodTemplate; Binding;
// ReplicationController. Containers and volumes are declared in their own files. Field numbers,
// tags and Go types are Kubernetes' (k8s.io/api core/v1 types.go); descriptions are our own.
import type { StructDecl } from '../go-structs.ts';

const RESOURCE_LIST = 'map[string]Quantity:ResourceList';
const TAINT_EFFECTS = ['NoExecute', 'NoSchedule', 'PreferNoSchedule'];
const INCLUSION_POLICIES = ['Honor', 'Ignore'];
const BY_NAME = { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' } as const;
const BY_TYPE = { listType: 'map', listMapKeys: ['type'], patchStrategy: 'merge', patchMergeKey: 'type' } as const;

/** The structs shared by affinity and anti-affinity, which differ only in what a match means. */
function interPodAffinity(doc: string, verb: string): StructDecl {
  return {
    doc,
    fields: [
      ['requiredDuringSchedulingIgnoredDuringExecution,omitempty', 1, '[]PodAffinityTerm', `Terms that must all hold for the pod to be placed on a node; the pod is not moved when they stop holding later. Pods ${verb}.`, { listType: 'atomic' }],
      ['preferredDuringSchedulingIgnoredDuringExecution,omitempty', 2, '[]WeightedPodAffinityTerm', `Weighted terms the scheduler tries to satisfy: a node scores the weights of the terms it satisfies, and the highest score wins. Pods ${verb}.`, { listType: 'atomic' }],
    ],
  };
}

export const podStructs: Record<string, StructDecl> = {
  Affinity: {
    doc: 'Rules that draw a pod to, or keep it away from, nodes and other pods.',
    fields: [
      ['*nodeAffinity,omitempty', 1, 'NodeAffinity', 'Rules on the labels of the nodes the pod may run on.'],
      ['*podAffinity,omitempty', 2, 'PodAffinity', 'Rules that place the pod in the same topology domain (node, zone, …) as other pods.'],
      ['*podAntiAffinity,omitempty', 3, 'PodAntiAffinity', 'Rules that keep the pod out of the topology domains where other pods run.'],
    ],
  },
  PodAffinity: interPodAffinity('Rules that place a pod near pods matching a term.', 'are placed in the same topology domain as the pods a term selects'),
  PodAntiAffinity: interPodAffinity('Rules that keep a pod away from pods matching a term.', 'are kept out of the topology domains of the pods a term selects'),
  WeightedPodAffinityTerm: {
    doc: 'A pod affinity term with the weight a node gains by satisfying it.',
    fields: [
      ['weight', 1, 'int32', 'The weight, 1 to 100.'],
      ['podAffinityTerm', 2, 'PodAffinityTerm', 'The term. Required.'],
    ],
  },
  PodAffinityTerm: {
    doc: 'A set of pods (by labels, in some namespaces) and the topology key that says what being near them means.',
    fields: [
      ['*labelSelector,omitempty', 1, 'meta.LabelSelector', 'The pods the term is about; without it the term matches no pod.'],
      ['namespaces,omitempty', 2, '[]string', 'Namespaces whose pods the term considers, besides those namespaceSelector selects; with neither, the pod\'s own namespace.', { listType: 'atomic' }],
      ['topologyKey', 3, 'string', 'The node label whose value defines a domain: two nodes with the same value are in the same domain. Required.'],
      ['*namespaceSelector,omitempty', 4, 'meta.LabelSelector', 'Namespaces (by their labels) whose pods the term considers, besides those listed; {} selects every namespace.'],
      ['matchLabelKeys,omitempty', 5, '[]string', 'Label keys of the incoming pod whose values are added to labelSelector as `key in (value)`; keys the pod lacks are ignored. Not allowed without labelSelector or for a key labelSelector already uses.', { listType: 'atomic' }],
      ['mismatchLabelKeys,omitempty', 6, '[]string', 'Label keys of the incoming pod whose values are added to labelSelector as `key notin (value)`; keys the pod lacks are ignored. Not allowed without labelSelector or for a key labelSelector already uses.', { listType: 'atomic' }],
    ],
  },
  NodeAffinity: {
    doc: 'Rules on the labels and fields of the nodes a pod may run on.',
    fields: [
      ['*requiredDuringSchedulingIgnoredDuringExecution,omitempty', 1, 'NodeSelector', 'Terms one of which a node must satisfy for the pod to be placed on it; the pod is not moved when the node stops satisfying them.'],
      ['preferredDuringSchedulingIgnoredDuringExecution,omitempty', 2, '[]PreferredSchedulingTerm', 'Weighted terms the scheduler tries to satisfy: a node scores the weights of the terms it matches, and the highest score wins.', { listType: 'atomic' }],
    ],
  },
  PreferredSchedulingTerm: {
    doc: 'A node selector term with the weight a node gains by matching it; an empty term matches every node with weight 0.',
    fields: [
      ['weight', 1, 'int32', 'The weight, 1 to 100.'],
      ['preference', 2, 'NodeSelectorTerm', 'The term. Required.'],
    ],
  },
  Toleration: {
    doc: 'Lets a pod be scheduled onto (or stay on) nodes with a matching taint.',
    fields: [
      ['key,omitempty', 1, 'string', 'The taint key matched; empty matches every key, and then operator must be Exists.'],
      ['operator,omitempty', 2, 'string:TolerationOperator', 'How the value is compared: Equal (the default), Exists (any value), or Lt and Gt (numeric comparison).', { enum: ['Equal', 'Exists', 'Gt', 'Lt'] }],
      ['value,omitempty', 3, 'string', 'The taint value matched; must be empty with Exists.'],
      ['effect,omitempty', 4, 'string:TaintEffect', 'The taint effect matched: NoSchedule, PreferNoSchedule or NoExecute; empty matches every effect.', { enum: TAINT_EFFECTS }],
      ['*tolerationSeconds,omitempty', 5, 'int64', 'For NoExecute only: how many seconds the pod stays on a node after the taint appears; unset tolerates it for ever, 0 or less evicts at once.'],
    ],
  },
  PodReadinessGate: {
    doc: 'A pod condition that must be True, besides its containers being ready, for the pod to count as ready.',
    fields: [['conditionType', 1, 'string:PodConditionType', 'The type of the condition in the pod\'s status.conditions.']],
  },
  PodSpec: {
    doc: 'What a pod runs and how: its containers, volumes, scheduling constraints and security settings.',
    fields: [
      ['volumes,omitempty', 1, '[]Volume', 'The volumes the pod\'s containers may mount, unique by name.', { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' }],
      ['initContainers,omitempty', 20, '[]Container', 'Containers run one after another, each to completion, before the main containers start; a failure is handled by restartPolicy. Names are unique across all of the pod\'s containers. Cannot be changed, except their images.', BY_NAME],
      ['containers', 2, '[]Container', 'The pod\'s containers, at least one. Names are unique across all of the pod\'s containers. Cannot be added or removed; only their images change on update.', BY_NAME],
      ['ephemeralContainers,omitempty', 34, '[]EphemeralContainer', 'Temporary containers added to a running pod for debugging, through the ephemeralcontainers subresource only; never set on create and never removed.', BY_NAME],
      ['restartPolicy,omitempty', 3, 'string:RestartPolicy', 'When the pod\'s containers are restarted after they exit: Always (the default), OnFailure or Never. Some owners allow only a subset.', { enum: ['Always', 'Never', 'OnFailure'] }],
      ['*terminationGracePeriodSeconds,omitempty', 4, 'int64', 'Seconds between asking the pod\'s processes to stop and killing them, 0 or more; a delete request may shorten it. Defaults to 30.'],
      ['*activeDeadlineSeconds,omitempty', 5, 'int64', 'Seconds, counted from status.startTime, after which the pod is stopped and marked Failed; more than 0. May be set or lowered on update, not raised.'],
      ['dnsPolicy,omitempty', 6, 'string:DNSPolicy', 'How the pod\'s DNS is set up: ClusterFirst (the default), ClusterFirstWithHostNet (cluster DNS for a pod on the host network), Default (the node\'s settings) or None (only dnsConfig).', { enum: ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'] }],
      ['nodeSelector,omitempty', 7, 'map[string]string', 'Labels a node must all have for the pod to be placed on it.', { mapType: 'atomic' }],
      ['serviceAccountName,omitempty', 8, 'string', 'The service account the pod runs as, in its namespace. Defaults from serviceAccount, and serviceAccount is set to match.'],
      ['serviceAccount,omitempty', 9, 'string', 'Deprecated: the old name of serviceAccountName, kept equal to it.'],
      ['*automountServiceAccountToken,omitempty', 21, 'bool', 'Whether a token of the service account is mounted into the pod\'s containers; unset follows the service account.'],
      ['nodeName,omitempty', 10, 'string', 'The node the pod runs on. Empty until the scheduler binds the pod; setting it on create bypasses the scheduler. Set after create only through the binding subresource.'],
      ['hostNetwork,omitempty', 11, 'bool', 'Run in the node\'s network namespace. Container ports then default their hostPort to the containerPort, and a hostPort given must equal it. Defaults to false.'],
      ['hostPID,omitempty', 12, 'bool', 'Run in the node\'s process ID namespace. Defaults to false.'],
      ['hostIPC,omitempty', 13, 'bool', 'Run in the node\'s IPC namespace. Defaults to false.'],
      ['*shareProcessNamespace,omitempty', 27, 'bool', 'Let the containers of the pod see and signal each other\'s processes (no process is then PID 1 of its container). Not allowed with hostPID. Defaults to false.'],
      ['*securityContext,omitempty', 14, 'PodSecurityContext', 'Security settings of the whole pod, and defaults for its containers. Defaults to {}.'],
      ['imagePullSecrets,omitempty', 15, '[]LocalObjectReference', 'Secrets in the pod\'s namespace with credentials for pulling its images.', BY_NAME],
      ['hostname,omitempty', 16, 'string', 'The pod\'s host name, a DNS label; defaults to one the system chooses.'],
      ['subdomain,omitempty', 17, 'string', 'When set, the pod\'s fully qualified name is <hostname>.<subdomain>.<namespace>.svc.<cluster domain>.'],
      ['*affinity,omitempty', 18, 'Affinity', 'The pod\'s node affinity, pod affinity and anti-affinity rules.'],
      ['schedulerName,omitempty', 19, 'string', 'The scheduler that places the pod. Defaults to default-scheduler.'],
      ['tolerations,omitempty', 22, '[]Toleration', 'The node taints the pod tolerates. Entries may be added on update, not changed or removed.', { listType: 'atomic' }],
      ['hostAliases,omitempty', 23, '[]HostAlias', 'Entries added to the hosts file of the pod\'s containers, unique by IP.', { listType: 'map', listMapKeys: ['ip'], patchStrategy: 'merge', patchMergeKey: 'ip' }],
      ['priorityClassName,omitempty', 24, 'string', 'The priority class whose value becomes the pod\'s priority; system-node-critical and system-cluster-critical are built in.'],
      ['*priority,omitempty', 25, 'int32', 'The pod\'s priority, filled from priorityClassName by admission; higher runs first and may preempt lower.'],
      ['*dnsConfig,omitempty', 26, 'PodDNSConfig', 'DNS settings merged into those dnsPolicy produces.'],
      ['readinessGates,omitempty', 28, '[]PodReadinessGate', 'Pod conditions that must also be True for the pod to be ready.', { listType: 'atomic' }],
      ['*runtimeClassName,omitempty', 29, 'string', 'The RuntimeClass (node.orch.io) that runs the pod; unset or empty uses the node\'s default runtime.'],
      ['*enableServiceLinks,omitempty', 30, 'bool', 'Whether the containers get environment variables describing the services of the namespace, in the style of Docker links. Defaults to true.'],
      ['*preemptionPolicy,omitempty', 31, 'string:PreemptionPolicy', 'Whether the pod may preempt pods of lower priority: PreemptLowerPriority (the default) or Never.', { enum: ['Never', 'PreemptLowerPriority'] }],
      ['overhead,omitempty', 32, RESOURCE_LIST, 'Resources the pod\'s sandbox uses beyond its containers, filled from the RuntimeClass by admission.'],
      ['topologySpreadConstraints,omitempty', 33, '[]TopologySpreadConstraint', 'How pods matching a selector are spread over topology domains; all constraints apply.', { listType: 'map', listMapKeys: ['topologyKey', 'whenUnsatisfiable'], patchStrategy: 'merge', patchMergeKey: 'topologyKey' }],
      ['*setHostnameAsFQDN,omitempty', 35, 'bool', 'Make the pod\'s host name its fully qualified domain name rather than the short name. Defaults to false.'],
      ['*os,omitempty', 36, 'PodOS', 'The operating system the pod\'s containers need; some fields are refused on one OS or the other.'],
      ['*hostUsers,omitempty', 37, 'bool', 'Run in the node\'s user namespace (true or unset) or in a user namespace of the pod\'s own (false).'],
      ['schedulingGates,omitempty', 38, '[]PodSchedulingGate', 'While any gate remains the pod is not scheduled. Set on create; afterwards gates may only be removed.', BY_NAME],
      ['resourceClaims,omitempty', 39, '[]PodResourceClaim', 'The resource claims the pod needs allocated before it starts, by name for its containers to use. Cannot be changed.', { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' }],
      ['*resources,omitempty', 40, 'ResourceRequirements', 'Requests and limits for the pod as a whole (cpu, memory and hugepages-*), shared by its containers.'],
      ['*hostnameOverride,omitempty', 41, 'string', 'A host name the pod sees instead of hostname and subdomain: a DNS subdomain of at most 64 characters. Not allowed with setHostnameAsFQDN or hostNetwork. Does not change DNS records.'],
      ['*workloadRef,omitempty', 42, 'WorkloadReference', 'The Workload and pod group the pod belongs to, for scheduling a group of pods together. Cannot be changed.'],
    ],
  },
  PodResourceClaim: {
    doc: 'A resource claim a pod uses, named for its containers: an existing claim, or a template a claim is made from for the pod.',
    fields: [
      ['name', 1, 'string', 'The name containers refer to the claim by, a DNS label unique in the pod.'],
      ['*resourceClaimName,omitempty', 3, 'string', 'An existing ResourceClaim in the pod\'s namespace. Exactly one of this and resourceClaimTemplateName is set.'],
      ['*resourceClaimTemplateName,omitempty', 4, 'string', 'A ResourceClaimTemplate in the pod\'s namespace from which a claim is made for the pod and deleted with it; its name is reported in status.resourceClaimStatuses. Exactly one of this and resourceClaimName is set.'],
    ],
  },
  PodResourceClaimStatus: {
    doc: 'The name of the claim made for one of a pod\'s template-based resource claims.',
    fields: [
      ['name', 1, 'string', 'The name of the entry in spec.resourceClaims.'],
      ['*resourceClaimName,omitempty', 2, 'string', 'The ResourceClaim made for the pod; unset when none was needed.'],
    ],
  },
  PodExtendedResourceClaimStatus: {
    doc: 'The claim the scheduler made for a pod\'s extended resources that dynamic resource allocation provides.',
    fields: [
      ['requestMappings', 1, '[]ContainerExtendedResourceRequest', 'Which request of the claim serves each container\'s extended resource.', { listType: 'atomic' }],
      ['resourceClaimName', 2, 'string', 'The ResourceClaim made for the pod, in its namespace.'],
    ],
  },
  ContainerExtendedResourceRequest: {
    doc: 'Which request of a claim serves one extended resource of one container.',
    fields: [
      ['containerName', 1, 'string', 'The container asking for the resource.'],
      ['resourceName', 2, 'string', 'The extended resource it asks for.'],
      ['requestName', 3, 'string', 'The request of the claim that provides it.'],
    ],
  },
  PodOS: {
    doc: 'The operating system a pod needs.',
    fields: [['name', 1, 'string:OSName', 'linux or windows; clients should treat other values as unset.']],
  },
  PodSchedulingGate: {
    doc: 'A named gate that keeps a pod from being scheduled while it is present.',
    fields: [['name', 1, 'string', 'The gate\'s name, unique among the pod\'s gates.']],
  },
  WorkloadReference: {
    doc: 'The Workload and pod group a pod belongs to.',
    fields: [
      ['name', 1, 'string', 'The Workload, in the pod\'s namespace: a DNS subdomain. It need not exist yet; the pod waits until it does.'],
      ['podGroup', 2, 'string', 'The pod group of the Workload, a DNS label.'],
      ['podGroupReplicaKey,omitempty', 3, 'string', 'Which replica of the pod group the pod is part of, a DNS label; the group\'s policy applies to each replica separately.'],
    ],
  },
  TopologySpreadConstraint: {
    doc: 'How evenly pods matching a selector must be spread over the domains of a topology key.',
    fields: [
      ['maxSkew', 1, 'int32', 'The largest allowed difference between the number of matching pods in a domain and the least in any eligible domain; more than 0.'],
      ['topologyKey', 2, 'string', 'The node label whose value defines a domain. Required.'],
      ['whenUnsatisfiable', 3, 'string:UnsatisfiableConstraintAction', 'What happens when no node satisfies the constraint: DoNotSchedule leaves the pod pending, ScheduleAnyway places it where the skew grows least.', { enum: ['DoNotSchedule', 'ScheduleAnyway'] }],
      ['*labelSelector,omitempty', 4, 'meta.LabelSelector', 'The pods counted in each domain.'],
      ['*minDomains,omitempty', 5, 'int32', 'The least number of eligible domains; with fewer, the minimum count is taken as 0. More than 0, and only with DoNotSchedule. Unset behaves as 1.'],
      ['*nodeAffinityPolicy,omitempty', 6, 'string:NodeInclusionPolicy', 'Whether only nodes matching the pod\'s node affinity and selector are counted (Honor, the default) or all nodes (Ignore).', { enum: INCLUSION_POLICIES }],
      ['*nodeTaintsPolicy,omitempty', 7, 'string:NodeInclusionPolicy', 'Whether tainted nodes the pod does not tolerate are left out of the count (Honor) or counted (Ignore, the default).', { enum: INCLUSION_POLICIES }],
      ['matchLabelKeys,omitempty', 8, '[]string', 'Label keys of the incoming pod whose values narrow labelSelector; keys the pod lacks are ignored. Not allowed without labelSelector or for a key it already uses.', { listType: 'atomic' }],
    ],
  },
  HostAlias: {
    doc: 'One entry of the hosts file of a pod\'s containers: an IP and its host names.',
    fields: [
      ['ip', 1, 'string', 'The IP address. Required.'],
      ['hostnames,omitempty', 2, '[]string', 'The host names of the address.', { listType: 'atomic' }],
    ],
  },
  PodSecurityContext: {
    doc: 'Security settings of a whole pod; where a container sets the same field, the container\'s value wins.',
    fields: [
      ['*seLinuxOptions,omitempty', 1, 'SELinuxOptions', 'The SELinux context of every container; unset lets the runtime pick one per container. Not for windows pods.'],
      ['*windowsOptions,omitempty', 8, 'WindowsSecurityContextOptions', 'Windows settings of every container. Not for linux pods.'],
      ['*runAsUser,omitempty', 2, 'int64', 'The UID containers run their entrypoint as; defaults to the image\'s user. Not for windows pods.'],
      ['*runAsGroup,omitempty', 6, 'int64', 'The GID containers run their entrypoint as; defaults to the runtime\'s. Not for windows pods.'],
      ['*runAsNonRoot,omitempty', 3, 'bool', 'Refuse to start a container whose user is root (UID 0).'],
      ['supplementalGroups,omitempty', 4, '[]int64', 'Groups added to the first process of every container, besides its primary GID and fsGroup. Not for windows pods.', { listType: 'atomic' }],
      ['*supplementalGroupsPolicy,omitempty', 12, 'string:SupplementalGroupsPolicy', 'How the groups of the first process are computed: Merge (the default) adds the image\'s groups of the user, Strict uses only those given here. Not for windows pods.', { enum: ['Merge', 'Strict'] }],
      ['*fsGroup,omitempty', 5, 'int64', 'A group that owns the pod\'s volumes, for the volume types that support it; new files get it too. Unset leaves ownership alone. Not for windows pods.'],
      ['sysctls,omitempty', 7, '[]Sysctl', 'Namespaced kernel parameters set for the pod. Not for windows pods.', { listType: 'atomic' }],
      ['*fsGroupChangePolicy,omitempty', 9, 'string:PodFSGroupChangePolicy', 'When volume ownership is changed to fsGroup: Always (the default) or OnRootMismatch (only when the volume\'s root does not match). Not for windows pods.', { enum: ['Always', 'OnRootMismatch'] }],
      ['*seccompProfile,omitempty', 10, 'SeccompProfile', 'The seccomp profile of the pod\'s containers. Not for windows pods.'],
      ['*appArmorProfile,omitempty', 11, 'AppArmorProfile', 'The AppArmor profile of the pod\'s containers. Not for windows pods.'],
      ['*seLinuxChangePolicy,omitempty', 13, 'string:PodSELinuxChangePolicy', 'How the SELinux label reaches the pod\'s volumes: Recursive (relabel every file) or MountOption (mount with -o context, where the volume supports it). Not for windows pods.'],
    ],
  },
  Sysctl: {
    doc: 'A kernel parameter set for a pod.',
    fields: [
      ['name', 1, 'string', 'The parameter\'s name.'],
      ['value', 2, 'string', 'Its value.'],
    ],
  },
  PodDNSConfig: {
    doc: 'DNS settings of a pod, added to those its dnsPolicy produces.',
    fields: [
      ['nameservers,omitempty', 1, '[]string', 'Name server IP addresses, appended to the policy\'s; duplicates are dropped.', { listType: 'atomic' }],
      ['searches,omitempty', 2, '[]string', 'Search domains, appended to the policy\'s; duplicates are dropped.', { listType: 'atomic' }],
      ['options,omitempty', 3, '[]PodDNSConfigOption', 'Resolver options, merged with the policy\'s; these win.', { listType: 'atomic' }],
    ],
  },
  PodDNSConfigOption: {
    doc: 'A DNS resolver option.',
    fields: [
      ['name,omitempty', 1, 'string', 'The option\'s name. Required.'],
      ['*value,omitempty', 2, 'string', 'The option\'s value.'],
    ],
  },
  PodIP: {
    doc: 'An IP address of a pod.',
    fields: [['ip', 1, 'string', 'The address. Required.']],
  },
  HostIP: {
    doc: 'An IP address of the node a pod runs on.',
    fields: [['ip', 1, 'string', 'The address. Required.']],
  },
  PodCondition: {
    doc: 'One aspect of a pod\'s state (scheduled, initialized, ready, …) and when it last changed.',
    fields: [
      ['type', 1, 'string:PodConditionType', 'The condition: PodScheduled, Initialized, ContainersReady, Ready, PodReadyToStartContainers, DisruptionTarget, PodResizePending, PodResizeInProgress, or one named by a readiness gate.'],
      ['observedGeneration,omitempty', 7, 'int64', 'The metadata.generation the condition was computed from.'],
      ['status', 2, 'string:ConditionStatus', 'True, False or Unknown.'],
      ['lastProbeTime,omitempty', 3, 'meta.Time', 'When the condition was last checked.'],
      ['lastTransitionTime,omitempty', 4, 'meta.Time', 'When the status last changed.'],
      ['reason,omitempty', 5, 'string', 'A one-word CamelCase reason for the last change.'],
      ['message,omitempty', 6, 'string', 'A human-readable account of the last change.'],
    ],
  },
  PodStatus: {
    doc: 'What is known about a pod: its phase, conditions, addresses and the state of each container. It may lag behind the node.',
    fields: [
      ['observedGeneration,omitempty', 17, 'int64', 'The metadata.generation this status was computed from.'],
      ['phase,omitempty', 1, 'string:PodPhase', 'Where the pod is in its life: Pending (accepted, not all containers started yet, including while unscheduled or pulling images), Running (on a node, all containers created, at least one running or restarting), Succeeded (all containers exited with 0 and will not restart), Failed (all containers ended, at least one in failure) or Unknown (deprecated, no longer set).', { enum: ['Failed', 'Pending', 'Running', 'Succeeded', 'Unknown'] }],
      ['conditions,omitempty', 2, '[]PodCondition', 'The pod\'s conditions, unique by type.', BY_TYPE],
      ['message,omitempty', 3, 'string', 'A human-readable account of why the pod is in its state.'],
      ['reason,omitempty', 4, 'string', 'A one-word CamelCase reason for the pod\'s state, e.g. Evicted.'],
      ['nominatedNodeName,omitempty', 11, 'string', 'The node the pod is expected to run on once the pods it preempted there are gone; the scheduler may still place it elsewhere.'],
      ['hostIP,omitempty', 5, 'string', 'The primary IP address of the pod\'s node; empty until the pod has started.'],
      ['hostIPs,omitempty', 16, '[]HostIP', 'The IP addresses of the pod\'s node, the first equal to hostIP; empty until the pod has started.', { listType: 'atomic', patchStrategy: 'merge', patchMergeKey: 'ip' }],
      ['podIP,omitempty', 6, 'string', 'The pod\'s primary IP address, routable at least inside the cluster; empty until one is allocated.'],
      ['podIPs,omitempty', 12, '[]PodIP', 'The pod\'s IP addresses, at most one per IP family, the first equal to podIP.', { listType: 'map', listMapKeys: ['ip'], patchStrategy: 'merge', patchMergeKey: 'ip' }],
      ['*startTime,omitempty', 7, 'meta.Time', 'When the node agent accepted the pod, before pulling its images.'],
      ['initContainerStatuses,omitempty', 10, '[]ContainerStatus', 'The state of each init container, at most one entry per container.', { listType: 'atomic' }],
      ['containerStatuses,omitempty', 8, '[]ContainerStatus', 'The state of each container, at most one entry per container.', { listType: 'atomic' }],
      ['qosClass,omitempty', 9, 'string:PodQOSClass', 'The pod\'s quality of service class, from its containers\' requests and limits: Guaranteed, Burstable or BestEffort.', { enum: ['BestEffort', 'Burstable', 'Guaranteed'] }],
      ['ephemeralContainerStatuses,omitempty', 13, '[]ContainerStatus', 'The state of each ephemeral container that has run in the pod.', { listType: 'atomic' }],
      ['resize,omitempty', 14, 'string:PodResizeStatus', 'Deprecated: the state of a pending resize (InProgress, Deferred or Infeasible), now told by the PodResizePending and PodResizeInProgress conditions.'],
      ['resourceClaimStatuses,omitempty', 15, '[]PodResourceClaimStatus', 'The claims made for the pod\'s template-based resource claims.', { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' }],
      ['*extendedResourceClaimStatus,omitempty', 18, 'PodExtendedResourceClaimStatus', 'The claim made for the pod\'s extended resources provided by dynamic resource allocation.'],
      ['allocatedResources,omitempty', 19, RESOURCE_LIST, 'The requests the node allocated to the pod as a whole: the pod-level requests, or the sum of its containers\'.'],
      ['*resources,omitempty', 20, 'ResourceRequirements', 'The pod-level requests and limits in effect, when spec.resources sets any.'],
    ],
  },
  Pod: {
    doc: 'Pod is a group of containers that run together on one node, sharing its network and storage.',
    kind: { group: '', version: 'v1', kind: 'Pod' },
    listDoc: 'A list of pods.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['spec,omitempty', 2, 'PodSpec', 'What the pod runs and how.'],
      ['status,omitempty', 3, 'PodStatus', 'What is known about the pod, reported by the system; changed only through /status.'],
    ],
  },
  PodTemplateSpec: {
    doc: 'The metadata and spec of the pods made from a template.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Metadata of the pods made (labels, annotations, …).'],
      ['spec,omitempty', 2, 'PodSpec', 'The spec of the pods made.'],
    ],
  },
  PodTemplate: {
    doc: 'PodTemplate is a stored description of pods to make copies of.',
    kind: { group: '', version: 'v1', kind: 'PodTemplate' },
    listDoc: 'A list of pod templates.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
      ['template,omitempty', 2, 'PodTemplateSpec', 'The pods made from this template.'],
    ],
  },
  Binding: {
    doc: 'Binding attaches one object to another; posted to a pod\'s binding subresource, it assigns the pod to a node.',
    kind: { group: '', version: 'v1', kind: 'Binding' },
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata; the name is the bound pod\'s.'],
      ['target', 2, 'ObjectReference', 'The object bound to, a node. Required.'],
    ],
  },
  ReplicationControllerSpec: {
    doc: 'How many copies of a pod a replication controller keeps running, and which pods count.',
    fields: [
      ['*replicas,omitempty', 1, 'int32', 'The number of pods wanted, 0 or more. Defaults to 1.', { default: 1 }],
      ['minReadySeconds,omitempty', 4, 'int32', 'Seconds a new pod must be ready, with no container crashing, before it counts as available, 0 or more. Defaults to 0 (available as soon as ready).', { default: 0 }],
      ['selector,omitempty', 2, 'map[string]string', 'The labels a pod must have to be counted; must match the template\'s labels. Defaults to the template\'s labels.', { mapType: 'atomic' }],
      ['*template,omitempty', 3, 'PodTemplateSpec', 'The pods made when too few are running; their restartPolicy must be Always.'],
    ],
  },
  ReplicationControllerStatus: {
    doc: 'What a replication controller last observed of its pods.',
    fields: [
      ['replicas', 1, 'int32', 'The number of pods last observed.'],
      ['fullyLabeledReplicas,omitempty', 2, 'int32', 'The number of pods that have all of the template\'s labels.'],
      ['readyReplicas,omitempty', 4, 'int32', 'The number of ready pods.'],
      ['availableReplicas,omitempty', 5, 'int32', 'The number of pods ready for at least minReadySeconds.'],
      ['observedGeneration,omitempty', 3, 'int64', 'The metadata.generation the controller last acted on.'],
      ['conditions,omitempty', 6, '[]ReplicationControllerCondition', 'The controller\'s conditions, unique by type.', BY_TYPE],
    ],
  },
  ReplicationControllerCondition: {
    doc: 'One aspect of a replication controller\'s state and when it last changed.',
    fields: [
      ['type', 1, 'string:ReplicationControllerConditionType', 'The condition, e.g. ReplicaFailure (a pod could not be made or deleted).'],
      ['status', 2, 'string:ConditionStatus', 'True, False or Unknown.'],
      ['lastTransitionTime,omitempty', 3, 'meta.Time', 'When the status last changed.'],
      ['reason,omitempty', 4, 'string', 'A one-word reason for the last change.'],
      ['message,omitempty', 5, 'string', 'A human-readable account of the last change.'],
    ],
  },
  ReplicationController: {
    doc: 'ReplicationController keeps a set number of copies of a pod running. Prefer a ReplicaSet behind a Deployment.',
    kind: { group: '', version: 'v1', kind: 'ReplicationController' },
    listDoc: 'A list of replication controllers.',
    fields: [
      ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata; labels default to the template\'s labels.'],
      ['spec,omitempty', 2, 'ReplicationControllerSpec', 'The pods wanted.'],
      ['status,omitempty', 3, 'ReplicationControllerStatus', 'What the controller last observed, reported by the system; changed only through /status.'],
    ],
  },
};
