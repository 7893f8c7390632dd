// core/v1 Pod, PodTemplate, Binding and ReplicationController, as decoded from the wire: fields
// Go omits when empty (omitempty or pointers) are optional here. Containers and volumes have
// their own files; a pod's spec refers to them.
import type { LabelSelector, ObjectMeta, ObjectReference, Time } from '../../meta/v1/types.ts';
import type { AppArmorProfile, Container, ContainerStatus, EphemeralContainer, ResourceRequirements, SeccompProfile, SELinuxOptions, WindowsSecurityContextOptions } from './container-types.ts';
import type { ResourceList } from './policy-types.ts';
import type { NodeSelector, NodeSelectorTerm, Volume } from './volume-types.ts';

export type RestartPolicy = 'Always' | 'OnFailure' | 'Never';
export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
export type PodQOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

export interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaces?: string[];
  topologyKey: string;
  namespaceSelector?: LabelSelector;
  matchLabelKeys?: string[];
  mismatchLabelKeys?: string[];
}

export interface WeightedPodAffinityTerm {
  weight: number;
  podAffinityTerm: PodAffinityTerm;
}

/** PodAffinity and PodAntiAffinity have the same shape. */
export interface PodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}

export interface PreferredSchedulingTerm {
  weight: number;
  preference: NodeSelectorTerm;
}

export interface NodeAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTerm[];
}

export interface Affinity {
  nodeAffinity?: NodeAffinity;
  podAffinity?: PodAffinity;
  podAntiAffinity?: PodAffinity;
}

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

export interface HostAlias {
  ip: string;
  hostnames?: string[];
}

export interface Sysctl {
  name: string;
  value: string;
}

export interface PodSecurityContext {
  seLinuxOptions?: SELinuxOptions;
  windowsOptions?: WindowsSecurityContextOptions;
  runAsUser?: number;
  runAsGroup?: number;
  runAsNonRoot?: boolean;
  supplementalGroups?: number[];
  supplementalGroupsPolicy?: string;
  fsGroup?: number;
  sysctls?: Sysctl[];
  fsGroupChangePolicy?: string;
  seccompProfile?: SeccompProfile;
  appArmorProfile?: AppArmorProfile;
  seLinuxChangePolicy?: string;
}

export interface PodDNSConfigOption {
  name?: string;
  value?: string;
}

export interface PodDNSConfig {
  nameservers?: string[];
  searches?: string[];
  options?: PodDNSConfigOption[];
}

export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: string;
  labelSelector?: LabelSelector;
  minDomains?: number;
  nodeAffinityPolicy?: string;
  nodeTaintsPolicy?: string;
  matchLabelKeys?: string[];
}

export interface PodResourceClaim {
  name: string;
  resourceClaimName?: string;
  resourceClaimTemplateName?: string;
}

export interface WorkloadReference {
  name: string;
  podGroup: string;
  podGroupReplicaKey?: string;
}

export interface PodSpec {
  volumes?: Volume[];
  initContainers?: Container[];
  containers: Container[];
  ephemeralContainers?: EphemeralContainer[];
  restartPolicy?: string;
  terminationGracePeriodSeconds?: number;
  activeDeadlineSeconds?: number;
  dnsPolicy?: string;
  nodeSelector?: Record<string, string>;
  serviceAccountName?: string;
  serviceAccount?: string;
  automountServiceAccountToken?: boolean;
  nodeName?: string;
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  shareProcessNamespace?: boolean;
  securityContext?: PodSecurityContext;
  imagePullSecrets?: { name?: string }[];
  hostname?: string;
  subdomain?: string;
  affinity?: Affinity;
  schedulerName?: string;
  tolerations?: Toleration[];
  hostAliases?: HostAlias[];
  priorityClassName?: string;
  priority?: number;
  dnsConfig?: PodDNSConfig;
  readinessGates?: { conditionType: string }[];
  runtimeClassName?: string;
  enableServiceLinks?: boolean;
  preemptionPolicy?: string;
  overhead?: ResourceList;
  topologySpreadConstraints?: TopologySpreadConstraint[];
  setHostnameAsFQDN?: boolean;
  os?: { name: string };
  hostUsers?: boolean;
  schedulingGates?: { name: string }[];
  resourceClaims?: PodResourceClaim[];
  resources?: ResourceRequirements;
  hostnameOverride?: string;
  workloadRef?: WorkloadReference;
}

export interface PodCondition {
  type: string;
  observedGeneration?: number;
  status: string;
  lastProbeTime?: Time | null;
  lastTransitionTime?: Time | null;
  reason?: string;
  message?: string;
}

export interface PodStatus {
  observedGeneration?: number;
  phase?: string;
  conditions?: PodCondition[];
  message?: string;
  reason?: string;
  nominatedNodeName?: string;
  hostIP?: string;
  hostIPs?: { ip: string }[];
  podIP?: string;
  podIPs?: { ip: string }[];
  startTime?: Time;
  initContainerStatuses?: ContainerStatus[];
  containerStatuses?: ContainerStatus[];
  qosClass?: string;
  ephemeralContainerStatuses?: ContainerStatus[];
  resize?: string;
  resourceClaimStatuses?: { name: string; resourceClaimName?: string }[];
  extendedResourceClaimStatus?: {
    requestMappings: { containerName: string; resourceName: string; requestName: string }[];
    resourceClaimName: string;
  };
  allocatedResources?: ResourceList;
  resources?: ResourceRequirements;
}

export interface Pod {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: PodSpec;
  status?: PodStatus;
  [field: string]: unknown;
}

export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec?: PodSpec;
}

export interface PodTemplate {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  template?: PodTemplateSpec;
  [field: string]: unknown;
}

export interface Binding {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  target: ObjectReference;
  [field: string]: unknown;
}

export interface ReplicationControllerSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector?: Record<string, string>;
  template?: PodTemplateSpec;
}

export interface ReplicationControllerCondition {
  type: string;
  status: string;
  lastTransitionTime?: Time | null;
  reason?: string;
  message?: string;
}

export interface ReplicationControllerStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  observedGeneration?: number;
  conditions?: ReplicationControllerCondition[];
}

export interface ReplicationController {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: ReplicationControllerSpec;
  status?: ReplicationControllerStatus;
  [field: string]: unknown;
}
