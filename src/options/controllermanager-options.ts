// orch-controller-manager's options, typed: one object per group of rows, built once from the
// parsed (and validated) values. Everything past the options layer reads these fields, never a
// flag name.
import type { FlagValues } from './flag.ts';
import { controllerManagerFlags } from './controllermanager-flags.ts';
import { optionReader } from './option-reader.ts';
import { metricsOptions, profilingOptions, secureServingOptions, type MetricsOptions, type ProfilingOptions, type SecureServingOptions } from './shared/secure-serving-options.ts';
import { loggingOptions } from './shared/logging-options.ts';
import { delegatedAuthenticationOptions, delegatedAuthorizationOptions, type DelegatedAuthenticationOptions, type DelegatedAuthorizationOptions } from './controllermanager/delegated-auth-options.ts';
import { clientOptions, type ClientOptions } from './controllermanager/client-options.ts';
import { leaderElectionOptions, type LeaderElectionOptions } from './controllermanager/leader-election-options.ts';
import { controllerSelectionOptions, type ControllerSelectionOptions } from './controllermanager/controller-selection-options.ts';
import {
  garbageCollectorControllerOptions, namespaceControllerOptions, resourceQuotaControllerOptions, serviceAccountControllerOptions,
  statefulSetControllerOptions, daemonSetControllerOptions,
  replicaSetControllerOptions, replicationControllerOptions, deploymentControllerOptions, podGCControllerOptions,
  ttlAfterFinishedControllerOptions,
  jobControllerOptions, cronJobControllerOptions,
  type GarbageCollectorControllerOptions, type NamespaceControllerOptions, type ResourceQuotaControllerOptions, type ServiceAccountControllerOptions,
  type StatefulSetControllerOptions, type DaemonSetControllerOptions,
  type ReplicaSetControllerOptions, type ReplicationControllerOptions, type DeploymentControllerOptions, type PodGCControllerOptions,
  type TTLAfterFinishedControllerOptions,
  type JobControllerOptions, type CronJobControllerOptions,
} from './controllermanager/controller-options.ts';
import type { LoggingOptions } from '../component-base/logs/logging-options.ts';
import {
  attachDetachControllerOptions, ephemeralVolumeControllerOptions, persistentVolumeBinderControllerOptions,
  type AttachDetachControllerOptions, type EphemeralVolumeControllerOptions, type PersistentVolumeBinderControllerOptions,
} from './controllermanager/volume-controller-options.ts';
import {
  csrSigningControllerOptions, legacySATokenCleanerOptions, tokensControllerOptions,
  type CSRSigningControllerOptions, type LegacySATokenCleanerOptions, type TokensControllerOptions,
} from './controllermanager/cert-signing-options.ts';
import {
  endpointControllerOptions, endpointSliceControllerOptions, endpointSliceMirroringControllerOptions,
  type EndpointControllerOptions, type EndpointSliceControllerOptions, type EndpointSliceMirroringControllerOptions,
} from './controllermanager/endpoint-controller-options.ts';
import { nodeIPAMControllerOptions, nodeLifecycleControllerOptions, type NodeIPAMControllerOptions, type NodeLifecycleControllerOptions } from './controllermanager/node-controller-options.ts';
import { validatingAdmissionPolicyStatusControllerOptions, type ValidatingAdmissionPolicyStatusControllerOptions } from './controllermanager/api-machinery-controller-options.ts';
import { hpaControllerOptions, type HPAControllerOptions } from './controllermanager/hpa-controller-options.ts';
import { deviceTaintEvictionControllerOptions, type DeviceTaintEvictionControllerOptions } from './controllermanager/device-taint-eviction-options.ts';

export interface ControllerManagerOptions {
  secureServing: SecureServingOptions;
  debugging: ProfilingOptions;
  metrics: MetricsOptions;
  logging: LoggingOptions;
  authentication: DelegatedAuthenticationOptions;
  authorization: DelegatedAuthorizationOptions;
  client: ClientOptions;
  leaderElection: LeaderElectionOptions;
  controllerSelection: ControllerSelectionOptions;
  garbageCollector: GarbageCollectorControllerOptions;
  namespaceController: NamespaceControllerOptions;
  resourceQuotaController: ResourceQuotaControllerOptions;
  replicaSetController: ReplicaSetControllerOptions;
  replicationController: ReplicationControllerOptions;
  deploymentController: DeploymentControllerOptions;
  podGCController: PodGCControllerOptions;
  ttlAfterFinishedController: TTLAfterFinishedControllerOptions;
  jobController: JobControllerOptions;
  cronJobController: CronJobControllerOptions;
  serviceAccountController: ServiceAccountControllerOptions;
  statefulSetController: StatefulSetControllerOptions;
  daemonSetController: DaemonSetControllerOptions;
  persistentVolumeBinderController: PersistentVolumeBinderControllerOptions;
  attachDetachController: AttachDetachControllerOptions;
  ephemeralVolumeController: EphemeralVolumeControllerOptions;
  csrSigningController: CSRSigningControllerOptions;
  tokensController: TokensControllerOptions;
  legacySATokenCleaner: LegacySATokenCleanerOptions;
  endpointController: EndpointControllerOptions;
  endpointSliceController: EndpointSliceControllerOptions;
  endpointSliceMirroringController: EndpointSliceMirroringControllerOptions;
  nodeLifecycleController: NodeLifecycleControllerOptions;
  nodeIPAMController: NodeIPAMControllerOptions;
  validatingAdmissionPolicyStatusController: ValidatingAdmissionPolicyStatusControllerOptions;
  hpaController: HPAControllerOptions;
  deviceTaintEvictionController: DeviceTaintEvictionControllerOptions;
}

/**
 * The typed options for parsed values; an absent value takes its row's default, so values built by
 * hand (tests) need only name what they change.
 */
export function controllerManagerOptions(values: FlagValues): ControllerManagerOptions {
  const r = optionReader(controllerManagerFlags, values);
  return {
    secureServing: secureServingOptions(r),
    debugging: profilingOptions(r),
    metrics: metricsOptions(r),
    logging: loggingOptions(r),
    authentication: delegatedAuthenticationOptions(r),
    authorization: delegatedAuthorizationOptions(r),
    client: clientOptions(r),
    leaderElection: leaderElectionOptions(r),
    controllerSelection: controllerSelectionOptions(r),
    garbageCollector: garbageCollectorControllerOptions(r),
    namespaceController: namespaceControllerOptions(r),
    resourceQuotaController: resourceQuotaControllerOptions(r),
    replicaSetController: replicaSetControllerOptions(r),
    replicationController: replicationControllerOptions(r),
    deploymentController: deploymentControllerOptions(r),
    podGCController: podGCControllerOptions(r),
    ttlAfterFinishedController: ttlAfterFinishedControllerOptions(r),
    jobController: jobControllerOptions(r),
    cronJobController: cronJobControllerOptions(r),
    serviceAccountController: serviceAccountControllerOptions(r),
    statefulSetController: statefulSetControllerOptions(r),
    daemonSetController: daemonSetControllerOptions(r),
    persistentVolumeBinderController: persistentVolumeBinderControllerOptions(r),
    attachDetachController: attachDetachControllerOptions(r),
    ephemeralVolumeController: ephemeralVolumeControllerOptions(r),
    csrSigningController: csrSigningControllerOptions(r),
    tokensController: tokensControllerOptions(r),
    legacySATokenCleaner: legacySATokenCleanerOptions(r),
    endpointController: endpointControllerOptions(r),
    endpointSliceController: endpointSliceControllerOptions(r),
    endpointSliceMirroringController: endpointSliceMirroringControllerOptions(r),
    nodeLifecycleController: nodeLifecycleControllerOptions(r),
    nodeIPAMController: nodeIPAMControllerOptions(r),
    validatingAdmissionPolicyStatusController: validatingAdmissionPolicyStatusControllerOptions(r),
    hpaController: hpaControllerOptions(r),
    deviceTaintEvictionController: deviceTaintEvictionControllerOptions(r),
  };
}
