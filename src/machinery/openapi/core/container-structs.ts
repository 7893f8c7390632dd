// core/v1 container types as Go structs (see ../go-structs.ts for the notation): a container's
// spec (image, command, ports, environment, resources, mounts, probes, hooks, security settings),
// ephemeral containers, and a container's reported status. Field numbers, tags and Go types are
// Kubernetes' (k8s.io/api core/v1 types.go); descriptions are our own. The selectors and env
// sources embed LocalObjectReference, declared with the volumes (volume-structs.ts).
import type { FieldDecl, StructDecl } from '../go-structs.ts';

const RESOURCE_LIST = 'map[string]Quantity:ResourceList';
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const PROFILE_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];
const NUMBERED_SIGNALS = [
  ...Array.from({ length: 15 }, (_, i) => `SIGRTMIN+${i + 1}`),
  ...Array.from({ length: 14 }, (_, i) => `SIGRTMAX-${i + 1}`),
];
/** Go's Signal enum; Kubernetes publishes enum values sorted. */
const SIGNALS = [
  'SIGABRT', 'SIGALRM', 'SIGBUS', 'SIGCHLD', 'SIGCLD', 'SIGCONT', 'SIGFPE', 'SIGHUP', 'SIGILL', 'SIGINT', 'SIGIO', 'SIGIOT',
  'SIGKILL', 'SIGPIPE', 'SIGPOLL', 'SIGPROF', 'SIGPWR', 'SIGQUIT', 'SIGSEGV', 'SIGSTKFLT', 'SIGSTOP', 'SIGSYS', 'SIGTERM',
  'SIGTRAP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU', 'SIGURG', 'SIGUSR1', 'SIGUSR2', 'SIGVTALRM', 'SIGWINCH', 'SIGXCPU', 'SIGXFSZ',
  'SIGRTMIN', 'SIGRTMAX', ...NUMBERED_SIGNALS,
].sort();

const PORT_DOC = 'The container port: a number from 1 to 65535, or the name of one of the container\'s ports (an IANA service name).';

/** Container's fields, which EphemeralContainerCommon repeats (with its own descriptions of some). */
const CONTAINER_FIELDS: readonly FieldDecl[] = [
  ['name', 1, 'string', 'The container\'s name, a DNS label unique among all of the pod\'s containers (init, regular and ephemeral). Cannot be changed.'],
  ['image,omitempty', 2, 'string', 'The container image to run. Optional so that templates may leave it to be filled in; a pod\'s containers need one.'],
  ['command,omitempty', 3, '[]string', 'The entrypoint, replacing the image\'s ENTRYPOINT; run directly, not through a shell. $(VAR) is replaced by the container\'s variable VAR when it exists, and $$ writes a literal $. Cannot be changed.', { listType: 'atomic' }],
  ['args,omitempty', 4, '[]string', 'Arguments to the entrypoint, replacing the image\'s CMD; $(VAR) and $$ as in command. Cannot be changed.', { listType: 'atomic' }],
  ['workingDir,omitempty', 5, 'string', 'The directory the process starts in; the image or runtime decides when empty. Cannot be changed.'],
  ['ports,omitempty', 6, '[]ContainerPort', 'The ports the container listens on, for information and for services to name; a port left out is still reachable. Cannot be changed.', { listType: 'map', listMapKeys: ['containerPort', 'protocol'], patchStrategy: 'merge', patchMergeKey: 'containerPort' }],
  ['envFrom,omitempty', 19, '[]EnvFromSource', 'Config maps and secrets whose keys all become environment variables; a later source wins over an earlier one, and env wins over every source. Cannot be changed.', { listType: 'atomic' }],
  ['env,omitempty', 7, '[]EnvVar', 'Environment variables set in the container. Cannot be changed.', { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }],
  ['resources,omitempty', 8, 'ResourceRequirements', 'The compute resources the container needs (requests) and may use at most (limits).'],
  ['resizePolicy,omitempty', 23, '[]ContainerResizePolicy', 'For each resource, whether changing it in place restarts the container.', { listType: 'atomic' }],
  ['*restartPolicy,omitempty', 24, 'string:ContainerRestartPolicy', 'The container\'s own restart policy (Always, OnFailure or Never), overriding the pod\'s. On an init container, Always makes it a sidecar: started in order, then kept running beside the regular containers until they have ended.'],
  ['restartPolicyRules,omitempty', 25, '[]ContainerRestartRule', 'Rules deciding from the exit code whether an exited container restarts, tried in order; the first that matches decides, and restartPolicy decides when none does. At most 20; restartPolicy must be set with them.', { listType: 'atomic' }],
  ['volumeMounts,omitempty', 9, '[]VolumeMount', 'The pod\'s volumes mounted into the container\'s filesystem. Cannot be changed.', { listType: 'map', listMapKeys: ['mountPath'], patchStrategy: 'merge', patchMergeKey: 'mountPath' }],
  ['volumeDevices,omitempty', 21, '[]VolumeDevice', 'Raw block devices of the pod\'s claims mapped into the container.', { listType: 'map', listMapKeys: ['devicePath'], patchStrategy: 'merge', patchMergeKey: 'devicePath' }],
  ['*livenessProbe,omitempty', 10, 'Probe', 'A periodic check that the container is alive; it is restarted when the check fails. Cannot be changed.'],
  ['*readinessProbe,omitempty', 11, 'Probe', 'A periodic check that the container can serve; while it fails, the pod is taken out of service endpoints. Cannot be changed.'],
  ['*startupProbe,omitempty', 22, 'Probe', 'A check that the container has finished starting: no other probe runs until it succeeds, and its failure restarts the container as a failed liveness probe would. Cannot be changed.'],
  ['*lifecycle,omitempty', 12, 'Lifecycle', 'Actions run right after the container starts and right before it is stopped. Cannot be changed.'],
  ['terminationMessagePath,omitempty', 13, 'string', 'The file in the container whose contents become the termination message when it exits: at most 4096 bytes are kept (12 KiB over all containers). Defaults to /dev/termination-log. Cannot be changed.'],
  ['terminationMessagePolicy,omitempty', 20, 'string:TerminationMessagePolicy', 'Where the termination message comes from: File (the default; the file at terminationMessagePath) or FallbackToLogsOnError (the end of the log, at most 2048 bytes or 80 lines, when that file is empty and the container failed). Cannot be changed.', { enum: ['FallbackToLogsOnError', 'File'] }],
  ['imagePullPolicy,omitempty', 14, 'string:PullPolicy', 'When the image is pulled: Always, IfNotPresent or Never. Defaults to Always for an image tagged :latest or not tagged, IfNotPresent otherwise. Cannot be changed.', { enum: ['Always', 'IfNotPresent', 'Never'] }],
  ['*securityContext,omitempty', 15, 'SecurityContext', 'Security settings of the container; those set here override the pod\'s security context.'],
  ['stdin,omitempty', 16, 'bool', 'Whether the runtime gives the container a stdin buffer; without one, reading stdin gives end of file. Defaults to false.'],
  ['stdinOnce,omitempty', 17, 'bool', 'Whether stdin is closed when the first attached client disconnects, until the container restarts; otherwise it stays open across attaches. Defaults to false.'],
  ['tty,omitempty', 18, 'bool', 'Whether the container gets a terminal; needs stdin. Defaults to false.'],
];

const NOT_FOR_EPHEMERAL = 'Not allowed for ephemeral containers.';

/** Where an ephemeral container's field means something else than a container's. */
const EPHEMERAL_DOCS: Readonly<Record<string, string>> = {
  name: 'The ephemeral container\'s name, a DNS label unique among all of the pod\'s containers (init, regular and ephemeral).',
  'ports,omitempty': NOT_FOR_EPHEMERAL,
  'resources,omitempty': 'Not allowed for ephemeral containers, which use what the pod already has.',
  'resizePolicy,omitempty': NOT_FOR_EPHEMERAL,
  '*restartPolicy,omitempty': NOT_FOR_EPHEMERAL,
  'restartPolicyRules,omitempty': NOT_FOR_EPHEMERAL,
  'volumeMounts,omitempty': 'The pod\'s volumes mounted into the container\'s filesystem; subPath and subPathExpr are not allowed. Cannot be changed.',
  '*livenessProbe,omitempty': NOT_FOR_EPHEMERAL,
  '*readinessProbe,omitempty': NOT_FOR_EPHEMERAL,
  '*startupProbe,omitempty': NOT_FOR_EPHEMERAL,
  '*lifecycle,omitempty': NOT_FOR_EPHEMERAL,
};

const EPHEMERAL_FIELDS: readonly FieldDecl[] = CONTAINER_FIELDS.map(([tag, n, type, doc, options]): FieldDecl => {
  const description = EPHEMERAL_DOCS[tag] ?? doc;
  return options ? [tag, n, type, description, options] : [tag, n, type, description];
});

/** A handler's action fields, shared by ProbeHandler and LifecycleHandler. */
const EXEC: FieldDecl = ['*exec,omitempty', 1, 'ExecAction', 'Run a command in the container.'];
const HTTP_GET: FieldDecl = ['*httpGet,omitempty', 2, 'HTTPGetAction', 'Send an HTTP GET request.'];

export const containerStructs: Record<string, StructDecl> = {
  Container: {
    doc: 'One application container to run in a pod.',
    fields: CONTAINER_FIELDS,
  },
  EphemeralContainerCommon: {
    doc: 'The fields an ephemeral container shares with Container.',
    inlineOnly: true,
    fields: EPHEMERAL_FIELDS,
  },
  EphemeralContainer: {
    doc: 'A temporary container added to a running pod through its ephemeralcontainers subresource, for debugging and the like. It has no resource or scheduling guarantees, is never restarted, and cannot be removed.',
    fields: [
      [',inline', 1, 'EphemeralContainerCommon', ''],
      ['targetContainerName,omitempty', 2, 'string', 'The pod container whose namespaces (IPC, PID and so on) this one joins; the pod\'s namespaces when unset. The runtime must support it.'],
    ],
  },
  ContainerPort: {
    doc: 'A network port of a container.',
    fields: [
      ['name,omitempty', 1, 'string', 'A name services can refer to the port by: an IANA service name (at most 15 lowercase letters, digits and dashes, with at least one letter), unique within the pod.'],
      ['hostPort,omitempty', 2, 'int32', 'A port of the node forwarded to this one, 1 to 65535; with host networking it must equal containerPort. Rarely needed.'],
      ['containerPort', 3, 'int32', 'The port number on the pod\'s IP address, 1 to 65535.'],
      ['protocol,omitempty', 4, 'string:Protocol', 'The IP protocol: TCP (the default), UDP or SCTP.', { default: 'TCP', enum: PROTOCOLS }],
      ['hostIP,omitempty', 5, 'string', 'The node address the host port is bound to.'],
    ],
  },
  EnvVar: {
    doc: 'An environment variable of a container.',
    fields: [
      ['name', 1, 'string', 'The variable\'s name: printable ASCII characters other than \'=\'.'],
      ['value,omitempty', 2, 'string', 'The value. $(VAR) is replaced by an earlier variable or a service variable VAR, and left as written when there is none; $$ writes a literal $. Defaults to "".'],
      ['*valueFrom,omitempty', 3, 'EnvVarSource', 'Where the value is read from instead; not allowed with a non-empty value.'],
    ],
  },
  EnvVarSource: {
    doc: 'The source of an environment variable\'s value: exactly one of its fields.',
    fields: [
      ['*fieldRef,omitempty', 1, 'ObjectFieldSelector', 'A field of the pod: metadata.name, metadata.namespace, metadata.uid, metadata.labels[\'<key>\'], metadata.annotations[\'<key>\'], spec.nodeName, spec.serviceAccountName, status.hostIP, status.hostIPs, status.podIP or status.podIPs.'],
      ['*resourceFieldRef,omitempty', 2, 'ResourceFieldSelector', 'A limit or request of the container: limits.cpu, limits.memory, limits.ephemeral-storage, requests.cpu, requests.memory or requests.ephemeral-storage (or a hugepages size).'],
      ['*configMapKeyRef,omitempty', 3, 'ConfigMapKeySelector', 'A key of a config map in the pod\'s namespace.'],
      ['*secretKeyRef,omitempty', 4, 'SecretKeySelector', 'A key of a secret in the pod\'s namespace.'],
      ['*fileKeyRef,omitempty', 5, 'FileKeySelector', 'A key of an env file on one of the pod\'s volumes (EnvFiles feature).'],
    ],
  },
  FileKeySelector: {
    doc: 'A key of an env file (lines of KEY=value) on a volume.',
    atomic: true,
    fields: [
      ['volumeName', 1, 'string', 'The name of the volume holding the file.'],
      ['path', 2, 'string', 'The file\'s path inside the volume: relative, without a \'..\' element and not starting with \'..\'.'],
      ['key', 3, 'string', 'The key to read: printable ASCII characters other than \'=\', at most 128 of them. A key that is not valid keeps the pod from starting.'],
      ['*optional,omitempty', 4, 'bool', 'Whether the file or key may be missing, leaving the variable unset; when false a missing key is an error when the pod starts. Defaults to false.', { default: false }],
    ],
  },
  ObjectFieldSelector: {
    doc: 'A field of an object, named in a given API version.',
    atomic: true,
    fields: [
      ['apiVersion,omitempty', 1, 'string', 'The API version fieldPath is written in. Defaults to "v1".'],
      ['fieldPath', 2, 'string', 'The path of the field.'],
    ],
  },
  ResourceFieldSelector: {
    doc: 'A compute resource limit or request of a container, and the unit it is given in.',
    atomic: true,
    fields: [
      ['containerName,omitempty', 1, 'string', 'The container whose resource is read: required in volumes; in an environment variable, the container itself by default.'],
      ['resource', 2, 'string', 'The resource, e.g. limits.cpu or requests.memory.'],
      ['divisor,omitempty', 3, 'Quantity', 'The unit of the value: the resource is divided by it and rounded up. Defaults to "1".'],
    ],
  },
  ConfigMapKeySelector: {
    doc: 'A key of a config map.',
    atomic: true,
    fields: [
      [',inline', 1, 'LocalObjectReference', ''],
      ['key', 2, 'string', 'The key to read.'],
      ['*optional,omitempty', 3, 'bool', 'Whether the config map or the key may be missing.'],
    ],
  },
  SecretKeySelector: {
    doc: 'A key of a secret.',
    atomic: true,
    fields: [
      [',inline', 1, 'LocalObjectReference', ''],
      ['key', 2, 'string', 'The key to read; a valid secret key.'],
      ['*optional,omitempty', 3, 'bool', 'Whether the secret or the key may be missing.'],
    ],
  },
  EnvFromSource: {
    doc: 'A config map or secret whose keys all become environment variables.',
    fields: [
      ['prefix,omitempty', 1, 'string', 'Put in front of each key to make the variable\'s name: printable ASCII characters other than \'=\'.'],
      ['*configMapRef,omitempty', 2, 'ConfigMapEnvSource', 'The config map to read.'],
      ['*secretRef,omitempty', 3, 'SecretEnvSource', 'The secret to read.'],
    ],
  },
  ConfigMapEnvSource: {
    doc: 'A config map whose data keys become environment variables.',
    fields: [
      [',inline', 1, 'LocalObjectReference', ''],
      ['*optional,omitempty', 2, 'bool', 'Whether the config map may be missing.'],
    ],
  },
  SecretEnvSource: {
    doc: 'A secret whose data keys become environment variables.',
    fields: [
      [',inline', 1, 'LocalObjectReference', ''],
      ['*optional,omitempty', 2, 'bool', 'Whether the secret may be missing.'],
    ],
  },
  ResourceRequirements: {
    doc: 'The compute resources a container needs and may use.',
    fields: [
      ['limits,omitempty', 1, RESOURCE_LIST, 'The most of each resource the container may use.'],
      ['requests,omitempty', 2, RESOURCE_LIST, 'The least of each resource the container needs, which scheduling reserves; never more than the limit. A request left out defaults to the limit when one is set.'],
      ['claims,omitempty', 3, '[]ResourceClaim', 'The entries of the pod\'s spec.resourceClaims this container uses (dynamic resource allocation). Only for containers, and cannot be changed.', { listType: 'map', listMapKeys: ['name'] }],
    ],
  },
  ResourceClaim: {
    doc: 'A resource claim of the pod that a container uses.',
    fields: [
      ['name', 1, 'string', 'The name of an entry in the pod\'s spec.resourceClaims.'],
      ['request,omitempty', 2, 'string', 'The request of that claim to use; the whole claim when empty.'],
    ],
  },
  VolumeMount: {
    doc: 'A volume of the pod mounted in a container.',
    fields: [
      ['name', 1, 'string', 'The name of the pod volume to mount.'],
      ['readOnly,omitempty', 2, 'bool', 'Whether the mount is read-only. Defaults to false.'],
      ['*recursiveReadOnly,omitempty', 7, 'string:RecursiveReadOnlyMode', 'For a read-only mount, whether the mounts beneath it are read-only too: Disabled (as when unset), IfPossible (when the runtime can) or Enabled (the pod fails to start when it cannot). Must be unset unless readOnly is true; IfPossible and Enabled need mountPropagation None or unset.'],
      ['mountPath', 3, 'string', 'Where in the container the volume is mounted; must not contain \':\'.'],
      ['subPath,omitempty', 4, 'string', 'A path inside the volume to mount instead of its root. Defaults to "" (the root).'],
      ['*mountPropagation,omitempty', 5, 'string:MountPropagationMode', 'How mounts propagate between the node and the container: None (the default), HostToContainer or Bidirectional.', { enum: ['Bidirectional', 'HostToContainer', 'None'] }],
      ['subPathExpr,omitempty', 6, 'string', 'Like subPath, with $(VAR) replaced from the container\'s environment. Not allowed with subPath.'],
    ],
  },
  VolumeDevice: {
    doc: 'A raw block device mapped into a container.',
    fields: [
      ['name', 1, 'string', 'The name of the pod\'s volume from a persistent volume claim.'],
      ['devicePath', 2, 'string', 'Where the device appears in the container.'],
    ],
  },
  Probe: {
    doc: 'A health check run against a container to tell whether it is alive, started or ready for traffic.',
    fields: [
      [',inline', 1, 'ProbeHandler', ''],
      ['initialDelaySeconds,omitempty', 2, 'int32', 'Seconds after the container starts before the probe first runs.'],
      ['timeoutSeconds,omitempty', 3, 'int32', 'Seconds before an attempt times out. Defaults to 1; at least 1.'],
      ['periodSeconds,omitempty', 4, 'int32', 'Seconds between attempts. Defaults to 10; at least 1.'],
      ['successThreshold,omitempty', 5, 'int32', 'Consecutive successes after a failure for the probe to pass again. Defaults to 1; must be 1 for liveness and startup probes.'],
      ['failureThreshold,omitempty', 6, 'int32', 'Consecutive failures after a success for the probe to fail. Defaults to 3; at least 1.'],
      ['*terminationGracePeriodSeconds,omitempty', 7, 'int64', 'The grace period, in seconds, for stopping the pod when this probe fails, instead of the pod\'s terminationGracePeriodSeconds; at least 1. Not for readiness probes.'],
    ],
  },
  ProbeHandler: {
    doc: 'The one action a probe takes.',
    inlineOnly: true,
    fields: [
      EXEC,
      HTTP_GET,
      ['*tcpSocket,omitempty', 3, 'TCPSocketAction', 'Open a TCP connection.'],
      ['*grpc,omitempty', 4, 'GRPCAction', 'Send a gRPC health check request.'],
    ],
  },
  ExecAction: {
    doc: 'A command run inside the container.',
    fields: [['command,omitempty', 1, '[]string', 'The command line, run from / without a shell (call one explicitly for pipes and the like); exit status 0 means success.', { listType: 'atomic' }]],
  },
  HTTPGetAction: {
    doc: 'An HTTP GET request to the container.',
    fields: [
      ['path,omitempty', 1, 'string', 'The path requested. Defaults to /.'],
      ['port', 2, 'IntOrString', PORT_DOC],
      ['host,omitempty', 3, 'string', 'The host to connect to; the pod IP when empty. A Host header in httpHeaders is usually what is wanted instead.'],
      ['scheme,omitempty', 4, 'string:URIScheme', 'HTTP (the default) or HTTPS.', { enum: ['HTTP', 'HTTPS'] }],
      ['httpHeaders,omitempty', 5, '[]HTTPHeader', 'Extra request headers; a header may repeat.', { listType: 'atomic' }],
    ],
  },
  HTTPHeader: {
    doc: 'A header of an HTTP probe request.',
    fields: [
      ['name', 1, 'string', 'The header\'s name; names differing only in case are the same header.'],
      ['value', 2, 'string', 'The header\'s value.'],
    ],
  },
  TCPSocketAction: {
    doc: 'A TCP connection opened to the container.',
    fields: [
      ['port', 1, 'IntOrString', PORT_DOC],
      ['host,omitempty', 2, 'string', 'The host to connect to; the pod IP when empty.'],
    ],
  },
  GRPCAction: {
    doc: 'A gRPC health check request to the container.',
    fields: [
      ['port', 1, 'int32', 'The port of the gRPC service, 1 to 65535.'],
      ['*service', 2, 'string', 'The service named in the health check request; when unset, gRPC\'s own default applies.', { default: '' }],
    ],
  },
  SleepAction: {
    doc: 'A pause of a number of seconds.',
    fields: [['seconds', 1, 'int64', 'How many seconds to sleep.']],
  },
  Lifecycle: {
    doc: 'Hooks run when a container starts and before it stops; the container\'s management waits for each to finish, unless the container\'s process fails.',
    fields: [
      ['*postStart,omitempty', 1, 'LifecycleHandler', 'Runs right after the container is created; when it fails, the container is killed and restarted as its restart policy says.'],
      ['*preStop,omitempty', 2, 'LifecycleHandler', 'Runs right before the container is stopped by an API request or a management event (a failed probe, preemption, resource contention), not when it exits by itself. The pod\'s grace period runs meanwhile, and ends the container whatever the hook does.'],
      ['*stopSignal,omitempty', 3, 'string:Signal', 'The signal sent to stop the container; the runtime\'s default when unset. Needs the pod\'s spec.os.name.', { enum: SIGNALS }],
    ],
  },
  LifecycleHandler: {
    doc: 'The one action a lifecycle hook takes.',
    fields: [
      EXEC,
      HTTP_GET,
      ['*tcpSocket,omitempty', 3, 'TCPSocketAction', 'Deprecated and not supported by hooks: kept for compatibility, never checked, and the hook fails when it runs.'],
      ['*sleep,omitempty', 4, 'SleepAction', 'Wait a number of seconds.'],
    ],
  },
  ContainerResizePolicy: {
    doc: 'How a change of one resource is applied to a running container.',
    fields: [
      ['resourceName', 1, 'string:ResourceName', 'The resource: cpu or memory.'],
      ['restartPolicy', 2, 'string:ResourceResizeRestartPolicy', 'NotRequired (resized in place when possible; the default) or RestartContainer (restarted to apply the change).'],
    ],
  },
  ContainerRestartRule: {
    doc: 'A rule that decides whether an exited container is restarted.',
    fields: [
      ['action,omitempty', 1, 'string:ContainerRestartRuleAction', 'What happens when the rule matches: Restart restarts the container.', { required: true }],
      ['*exitCodes,omitempty', 2, 'ContainerRestartRuleOnExitCodes', 'The exit codes the rule matches.'],
    ],
  },
  ContainerRestartRuleOnExitCodes: {
    doc: 'The exit codes a restart rule matches.',
    fields: [
      ['operator,omitempty', 1, 'string:ContainerRestartRuleOnExitCodesOperator', 'In (the exit code is one of values) or NotIn (it is none of them).', { required: true }],
      ['values,omitempty', 2, '[]int32', 'The exit codes, at most 255, each once.', { listType: 'set' }],
    ],
  },
  Capabilities: {
    doc: 'POSIX capabilities added to or dropped from a container.',
    fields: [
      ['add,omitempty', 1, '[]string:Capability', 'Capabilities to add.', { listType: 'atomic' }],
      ['drop,omitempty', 2, '[]string:Capability', 'Capabilities to drop.', { listType: 'atomic' }],
    ],
  },
  SecurityContext: {
    doc: 'Security settings of a container; a field set here overrides the same field of the pod\'s security context.',
    fields: [
      ['*capabilities,omitempty', 1, 'Capabilities', 'Capabilities added to or dropped from the runtime\'s default set. Not for Windows pods.'],
      ['*privileged,omitempty', 2, 'bool', 'Whether the container runs privileged, with about the powers of root on the node. Defaults to false. Not for Windows pods.'],
      ['*seLinuxOptions,omitempty', 3, 'SELinuxOptions', 'The container\'s SELinux context; the runtime picks one when neither this nor the pod sets it. Not for Windows pods.'],
      ['*windowsOptions,omitempty', 10, 'WindowsSecurityContextOptions', 'Windows settings; the pod\'s when unset. Not for Linux pods.'],
      ['*runAsUser,omitempty', 4, 'int64', 'The user ID the entrypoint runs as; the image\'s user when neither this nor the pod sets it. Not for Windows pods.'],
      ['*runAsGroup,omitempty', 8, 'int64', 'The group ID the entrypoint runs as; the runtime\'s default when neither this nor the pod sets it. Not for Windows pods.'],
      ['*runAsNonRoot,omitempty', 5, 'bool', 'Whether the container must run as a user other than root (UID 0): the node refuses to start it otherwise.'],
      ['*readOnlyRootFilesystem,omitempty', 6, 'bool', 'Whether the container\'s root filesystem is read-only. Defaults to false. Not for Windows pods.'],
      ['*allowPrivilegeEscalation,omitempty', 7, 'bool', 'Whether a process may gain more privileges than its parent (false sets no_new_privs). Always true for a privileged container or one with CAP_SYS_ADMIN. Not for Windows pods.'],
      ['*procMount,omitempty', 9, 'string:ProcMountType', 'How /proc is mounted: Default (the runtime\'s masked and read-only paths) or Unmasked. Not for Windows pods.', { enum: ['Default', 'Unmasked'] }],
      ['*seccompProfile,omitempty', 11, 'SeccompProfile', 'The container\'s seccomp profile; the pod\'s when unset. Not for Windows pods.'],
      ['*appArmorProfile,omitempty', 12, 'AppArmorProfile', 'The container\'s AppArmor profile; the pod\'s when unset. Not for Windows pods.'],
    ],
  },
  SELinuxOptions: {
    doc: 'SELinux labels of a container.',
    fields: [
      ['user,omitempty', 1, 'string', 'The SELinux user label.'],
      ['role,omitempty', 2, 'string', 'The SELinux role label.'],
      ['type,omitempty', 3, 'string', 'The SELinux type label.'],
      ['level,omitempty', 4, 'string', 'The SELinux level label.'],
    ],
  },
  WindowsSecurityContextOptions: {
    doc: 'Windows settings and credentials of a container.',
    fields: [
      ['*gmsaCredentialSpecName,omitempty', 1, 'string', 'The name of the GMSA credential spec to use.'],
      ['*gmsaCredentialSpec,omitempty', 2, 'string', 'The contents of the GMSA credential spec named by gmsaCredentialSpecName, filled in by the GMSA admission webhook.'],
      ['*runAsUserName,omitempty', 3, 'string', 'The Windows user name the entrypoint runs as; the image\'s user when neither this nor the pod sets it.'],
      ['*hostProcess,omitempty', 4, 'bool', 'Whether the container runs as a Windows host process. Every container of the pod must agree, and the pod must use host networking.'],
    ],
  },
  SeccompProfile: {
    doc: 'A seccomp profile: its type, and for a file on the node, its path.',
    fields: [
      ['type', 1, 'string:SeccompProfileType', 'Which profile applies: Localhost (a file on the node), RuntimeDefault (the runtime\'s default) or Unconfined (none).', { enum: PROFILE_TYPES }],
      ['*localhostProfile,omitempty', 2, 'string', 'The profile\'s file, a descending path relative to the node\'s seccomp profile directory. Required for Localhost and not allowed otherwise.'],
    ],
  },
  AppArmorProfile: {
    doc: 'An AppArmor profile: its type, and for one loaded on the node, its name.',
    fields: [
      ['type', 1, 'string:AppArmorProfileType', 'Which profile applies: Localhost (one loaded on the node), RuntimeDefault (the runtime\'s default) or Unconfined (none).', { enum: PROFILE_TYPES }],
      ['*localhostProfile,omitempty', 2, 'string', 'The name the profile was loaded under. Required for Localhost and not allowed otherwise.'],
    ],
  },
  ContainerStateWaiting: {
    doc: 'A container that is not running yet.',
    fields: [
      ['reason,omitempty', 1, 'string', 'Why it is not running yet, in one word (such as ContainerCreating or ImagePullBackOff).'],
      ['message,omitempty', 2, 'string', 'More about why.'],
    ],
  },
  ContainerStateRunning: {
    doc: 'A running container.',
    fields: [['startedAt,omitempty', 1, 'meta.Time', 'When the container last started.']],
  },
  ContainerStateTerminated: {
    doc: 'A container whose process has ended.',
    fields: [
      ['exitCode', 1, 'int32', 'The exit status of the last run.'],
      ['signal,omitempty', 2, 'int32', 'The signal that ended the last run.'],
      ['reason,omitempty', 3, 'string', 'Why the last run ended, in one word.'],
      ['message,omitempty', 4, 'string', 'More about how the last run ended.'],
      ['startedAt,omitempty', 5, 'meta.Time', 'When the last run started.'],
      ['finishedAt,omitempty', 6, 'meta.Time', 'When the last run ended.'],
      ['containerID,omitempty', 7, 'string', 'The container\'s ID, as <type>://<container_id>.'],
    ],
  },
  ContainerState: {
    doc: 'What a container is doing: at most one member is set, and with none the container is waiting.',
    fields: [
      ['*waiting,omitempty', 1, 'ContainerStateWaiting', 'Set while the container waits to run.'],
      ['*running,omitempty', 2, 'ContainerStateRunning', 'Set while the container runs.'],
      ['*terminated,omitempty', 3, 'ContainerStateTerminated', 'Set once the container has ended.'],
    ],
  },
  ContainerStatus: {
    doc: 'The observed state of one container of a pod.',
    fields: [
      ['name', 1, 'string', 'The container\'s name, as in the pod\'s spec.'],
      ['state,omitempty', 2, 'ContainerState', 'What the container is doing now.'],
      ['lastState,omitempty', 3, 'ContainerState', 'How the container\'s previous run ended, to help debug restarts; empty while it runs for the first time.'],
      ['ready', 4, 'bool', 'Whether the container passes its readiness probe now; without one, true once it has started. Tells whether it should get traffic.'],
      ['restartCount', 5, 'int32', 'How many times the container has restarted; never negative, though it may start again at 0 when a node loses its state.'],
      ['image', 6, 'string', 'The image the container runs, as the runtime resolved it (which may differ from the spec).'],
      ['imageID', 7, 'string', 'The ID of that image, as the runtime resolved it.'],
      ['containerID,omitempty', 8, 'string', 'The container\'s ID, as <type>://<container_id>, the type naming the runtime (for example containerd).'],
      ['*started,omitempty', 9, 'bool', 'Whether the container has passed its postStart hook and startup probe; false again after a restart. Unset means false.'],
      ['allocatedResources,omitempty', 10, RESOURCE_LIST, 'The resources the node allocated to the container: its requests, as admitted or last resized.'],
      ['*resources,omitempty', 11, 'ResourceRequirements', 'The requests and limits in effect for the running container, after start or the last resize.'],
      ['volumeMounts,omitempty', 12, '[]VolumeMountStatus', 'The state of the container\'s volume mounts.', { listType: 'map', listMapKeys: ['mountPath'], patchStrategy: 'merge', patchMergeKey: 'mountPath' }],
      ['*user,omitempty', 13, 'ContainerUser', 'The identity the container\'s first process started with.'],
      ['allocatedResourcesStatus,omitempty', 14, '[]ResourceStatus', 'The health of the devices allocated to the container.', { listType: 'map', listMapKeys: ['name'], patchStrategy: 'merge', patchMergeKey: 'name' }],
      ['*stopSignal,omitempty', 15, 'string:Signal', 'The signal that stops this container.', { enum: SIGNALS }],
    ],
  },
  ResourceStatus: {
    doc: 'The health of the devices behind one resource allocated to a container.',
    fields: [
      ['name', 1, 'string:ResourceName', 'The resource: one the pod spec names, or claim:<claim name>/<request> for a dynamically allocated one. Unique within the pod.'],
      ['resources,omitempty', 2, '[]ResourceHealth', 'The health of each device, by its unique ID.', { listType: 'map', listMapKeys: ['resourceID'] }],
    ],
  },
  ResourceHealth: {
    doc: 'The latest known health of one allocated device.',
    fields: [
      ['resourceID', 1, 'string:ResourceID', 'The device\'s ID: the device plugin\'s device ID, or <driver>/<pool>/<device> for a dynamically allocated one.'],
      ['health,omitempty', 2, 'string:ResourceHealthStatus', 'Healthy, Unhealthy (possibly for a while) or Unknown.'],
    ],
  },
  ContainerUser: {
    doc: 'The identity a container\'s first process started with.',
    fields: [['*linux,omitempty', 1, 'LinuxContainerUser', 'The Linux identity.']],
  },
  LinuxContainerUser: {
    doc: 'The Linux identity a container\'s first process started with; the process may change it when privileged enough.',
    fields: [
      ['uid', 1, 'int64', 'The user ID.'],
      ['gid', 2, 'int64', 'The primary group ID.'],
      ['supplementalGroups,omitempty', 3, '[]int64', 'The supplemental group IDs.', { listType: 'atomic' }],
    ],
  },
  VolumeMountStatus: {
    doc: 'The state of one volume mount of a container.',
    fields: [
      ['name', 1, 'string', 'The name of the volume mount.'],
      ['mountPath', 2, 'string', 'The mount\'s path.'],
      ['readOnly,omitempty', 3, 'bool', 'Whether the mount is read-only.'],
      ['*recursiveReadOnly,omitempty', 4, 'string:RecursiveReadOnlyMode', 'Disabled or Enabled (what IfPossible became), or unset for a writable mount.'],
      ['volumeStatus,omitempty', 5, 'VolumeStatus', 'What the mounted volume reports, by its type.'],
    ],
  },
  VolumeStatus: {
    doc: 'What a mounted volume reports: at most one member, by the volume\'s type.',
    fields: [['*image,omitempty', 1, 'ImageVolumeStatus', 'For an image volume, the image mounted.']],
  },
  ImageVolumeStatus: {
    doc: 'The image an image volume mounted.',
    fields: [['imageRef,omitempty', 1, 'string', 'The image\'s digest, of the same form as a container status\'s imageID; at most 256 characters.', { required: true }]],
  },
};
