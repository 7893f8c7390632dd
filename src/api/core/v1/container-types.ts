// core/v1 containers as decoded from the wire: a container's spec (image, command, ports,
// environment, resources, mounts, probes, hooks, security settings), ephemeral containers and a
// container's reported status. Fields Go omits when empty (omitempty or pointers) are optional; an
// int-or-string port is `number | string`, a quantity its string form.
import type { Time } from '../../meta/v1/types.ts';
import type { ResourceList } from './policy-types.ts';

export type Protocol = 'TCP' | 'UDP' | 'SCTP';
export type PullPolicy = 'Always' | 'IfNotPresent' | 'Never';
export type TerminationMessagePolicy = 'File' | 'FallbackToLogsOnError';
export type ContainerRestartPolicy = 'Always' | 'OnFailure' | 'Never';
export type ResourceResizeRestartPolicy = 'NotRequired' | 'RestartContainer';
export type MountPropagationMode = 'None' | 'HostToContainer' | 'Bidirectional';
export type RecursiveReadOnlyMode = 'Disabled' | 'IfPossible' | 'Enabled';
export type URIScheme = 'HTTP' | 'HTTPS';
export type ProcMountType = 'Default' | 'Unmasked';
export type ProfileType = 'Localhost' | 'RuntimeDefault' | 'Unconfined';
export type ResourceHealthStatus = 'Healthy' | 'Unhealthy' | 'Unknown';

export interface ContainerPort {
  name?: string;
  hostPort?: number;
  containerPort: number;
  protocol?: string;
  hostIP?: string;
}

export interface ObjectFieldSelector {
  apiVersion?: string;
  fieldPath: string;
}

export interface ResourceFieldSelector {
  containerName?: string;
  resource: string;
  divisor?: string;
}

export interface ConfigMapKeySelector {
  name?: string;
  key: string;
  optional?: boolean;
}

export interface SecretKeySelector {
  name?: string;
  key: string;
  optional?: boolean;
}

export interface FileKeySelector {
  volumeName: string;
  path: string;
  key: string;
  optional?: boolean;
}

export interface EnvVarSource {
  fieldRef?: ObjectFieldSelector;
  resourceFieldRef?: ResourceFieldSelector;
  configMapKeyRef?: ConfigMapKeySelector;
  secretKeyRef?: SecretKeySelector;
  fileKeyRef?: FileKeySelector;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: EnvVarSource;
}

export interface ConfigMapEnvSource {
  name?: string;
  optional?: boolean;
}

export interface SecretEnvSource {
  name?: string;
  optional?: boolean;
}

export interface EnvFromSource {
  prefix?: string;
  configMapRef?: ConfigMapEnvSource;
  secretRef?: SecretEnvSource;
}

export interface ResourceClaim {
  name: string;
  request?: string;
}

export interface ResourceRequirements {
  limits?: ResourceList;
  requests?: ResourceList;
  claims?: ResourceClaim[];
}

export interface ContainerResizePolicy {
  resourceName: string;
  restartPolicy: string;
}

export interface ContainerRestartRuleOnExitCodes {
  operator?: string;
  values?: number[];
}

export interface ContainerRestartRule {
  action?: string;
  exitCodes?: ContainerRestartRuleOnExitCodes;
}

export interface VolumeMount {
  name: string;
  readOnly?: boolean;
  recursiveReadOnly?: string;
  mountPath: string;
  subPath?: string;
  mountPropagation?: string;
  subPathExpr?: string;
}

export interface VolumeDevice {
  name: string;
  devicePath: string;
}

export interface ExecAction {
  command?: string[];
}

export interface HTTPHeader {
  name: string;
  value: string;
}

export interface HTTPGetAction {
  path?: string;
  port: number | string;
  host?: string;
  scheme?: string;
  httpHeaders?: HTTPHeader[];
}

export interface TCPSocketAction {
  port: number | string;
  host?: string;
}

export interface GRPCAction {
  port: number;
  service?: string | null;
}

export interface SleepAction {
  seconds: number;
}

/** A probe's action: exactly one member. Go inlines it in Probe. */
export interface ProbeHandler {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  tcpSocket?: TCPSocketAction;
  grpc?: GRPCAction;
}

export interface Probe extends ProbeHandler {
  initialDelaySeconds?: number;
  timeoutSeconds?: number;
  periodSeconds?: number;
  successThreshold?: number;
  failureThreshold?: number;
  terminationGracePeriodSeconds?: number;
}

export interface LifecycleHandler {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  /** Deprecated; accepted for compatibility and never checked. */
  tcpSocket?: TCPSocketAction;
  sleep?: SleepAction;
}

export interface Lifecycle {
  postStart?: LifecycleHandler;
  preStop?: LifecycleHandler;
  stopSignal?: string;
}

export interface Capabilities {
  add?: string[];
  drop?: string[];
}

export interface SELinuxOptions {
  user?: string;
  role?: string;
  type?: string;
  level?: string;
}

export interface WindowsSecurityContextOptions {
  gmsaCredentialSpecName?: string;
  gmsaCredentialSpec?: string;
  runAsUserName?: string;
  hostProcess?: boolean;
}

export interface SeccompProfile {
  type: string;
  localhostProfile?: string;
}

export interface AppArmorProfile {
  type: string;
  localhostProfile?: string;
}

export interface SecurityContext {
  capabilities?: Capabilities;
  privileged?: boolean;
  seLinuxOptions?: SELinuxOptions;
  windowsOptions?: WindowsSecurityContextOptions;
  runAsUser?: number;
  runAsGroup?: number;
  runAsNonRoot?: boolean;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  procMount?: string;
  seccompProfile?: SeccompProfile;
  appArmorProfile?: AppArmorProfile;
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  ports?: ContainerPort[];
  envFrom?: EnvFromSource[];
  env?: EnvVar[];
  resources?: ResourceRequirements;
  resizePolicy?: ContainerResizePolicy[];
  restartPolicy?: string;
  restartPolicyRules?: ContainerRestartRule[];
  volumeMounts?: VolumeMount[];
  volumeDevices?: VolumeDevice[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: Lifecycle;
  terminationMessagePath?: string;
  terminationMessagePolicy?: string;
  imagePullPolicy?: string;
  securityContext?: SecurityContext;
  stdin?: boolean;
  stdinOnce?: boolean;
  tty?: boolean;
}

/** The fields an ephemeral container shares with Container; Go inlines them in EphemeralContainer. */
export type EphemeralContainerCommon = Container;

export interface EphemeralContainer extends EphemeralContainerCommon {
  targetContainerName?: string;
}

export interface ContainerStateWaiting {
  reason?: string;
  message?: string;
}

export interface ContainerStateRunning {
  startedAt?: Time;
}

export interface ContainerStateTerminated {
  exitCode: number;
  signal?: number;
  reason?: string;
  message?: string;
  startedAt?: Time;
  finishedAt?: Time;
  containerID?: string;
}

export interface ContainerState {
  waiting?: ContainerStateWaiting;
  running?: ContainerStateRunning;
  terminated?: ContainerStateTerminated;
}

export interface ImageVolumeStatus {
  imageRef?: string;
}

export interface VolumeStatus {
  image?: ImageVolumeStatus;
}

export interface VolumeMountStatus {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  recursiveReadOnly?: string;
  volumeStatus?: VolumeStatus;
}

export interface LinuxContainerUser {
  uid: number;
  gid: number;
  supplementalGroups?: number[];
}

export interface ContainerUser {
  linux?: LinuxContainerUser;
}

export interface ResourceHealth {
  resourceID: string;
  health?: string;
}

export interface ResourceStatus {
  name: string;
  resources?: ResourceHealth[];
}

export interface ContainerStatus {
  name: string;
  state?: ContainerState;
  lastState?: ContainerState;
  ready: boolean;
  restartCount: number;
  image: string;
  imageID: string;
  containerID?: string;
  started?: boolean;
  allocatedResources?: ResourceList;
  resources?: ResourceRequirements;
  volumeMounts?: VolumeMountStatus[];
  user?: ContainerUser;
  allocatedResourcesStatus?: ResourceStatus[];
  stopSignal?: string;
}
