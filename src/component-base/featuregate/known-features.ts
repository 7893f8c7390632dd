// The feature gates of component `orch` as Kubernetes 1.35 has them: name, stage, default and
// whether the value is locked. AllAlpha and AllBeta are gates themselves.

export type FeatureStage = 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';

export interface FeatureSpec {
  name: string;
  stage: FeatureStage;
  default: boolean;
  /** GA gates locked to their default: setting them to the other value is an error. */
  lockToDefault?: boolean;
}

const BETA_ON = [
  'APIResponseCompression', 'APIServerIdentity', 'AllowParsingUserUIDFromCertAuth', 'AuthorizePodWebsocketUpgradeCreatePermission',
  'CPUManagerPolicyBetaOptions', 'CSIServiceAccountTokenSecrets', 'ClearingNominatedNodeNameAfterBinding', 'ContainerCheckpoint',
  'ContainerRestartRules', 'ContextualLogging', 'DRAAdminAccess', 'DRAPrioritizedList', 'DRAResourceClaimDeviceStatus',
  'DRASchedulerFilterTimeout', 'DeclarativeValidation', 'DeploymentReplicaSetTerminatingReplicas', 'DetectCacheInconsistency',
  'DisableCPUQuotaWithExclusiveCPUs', 'EnvFiles', 'ExternalServiceAccountTokenSigner', 'GracefulNodeShutdown',
  'GracefulNodeShutdownBasedOnPodPriority', 'HPAConfigurableTolerance', 'HostnameOverride', 'ImageVolume', 'InOrderInformers',
  'InOrderInformersBatchProcess', 'NodeAgentCrashLoopBackOffMax', 'NodeAgentEnsureSecretPulledImages', 'NodeAgentFineGrainedAuthz',
  'NodeAgentPSI', 'NodeAgentPodResourcesDynamicResources', 'NodeAgentPodResourcesGet', 'NodeAgentSeparateDiskGC',
  'NodeAgentServiceAccountTokenForCredentialProviders', 'ListFromCacheSnapshot', 'LoggingBetaOptions',
  'MatchLabelKeysInPodTopologySpread', 'MatchLabelKeysInPodTopologySpreadSelectorMerge', 'MaxUnavailableStatefulSet',
  'MutableCSINodeAllocatableCount', 'NominatedNodeNameForExpectation', 'OpenAPIEnums', 'OpportunisticBatching', 'PodDeletionCost',
  'PodLevelResources', 'PodReadyToStartContainersCondition', 'PodTopologyLabelsAdmission', 'PortForwardWebsockets',
  'PreventStaticPodAPIReferences', 'ProcMountType', 'ReloadNodeAgentServerCertificateFile', 'RemoteRequestHeaderUID',
  'RotateNodeAgentServerCertificate', 'SELinuxChangePolicy', 'SELinuxMountReadWriteOncePod', 'SchedulerAsyncAPICalls',
  'SchedulerAsyncPreemption', 'SchedulerPopFromBackoffQ', 'ServiceAccountNodeAudienceRestriction', 'SizeBasedListCostEstimate',
  'StatefulSetSemanticRevisionComparison', 'StorageVersionHash', 'StructuredAuthenticationConfigurationEgressSelector',
  'StructuredAuthenticationConfigurationJWKSMetrics', 'TokenRequestServiceAccountUIDValidation', 'TopologyManagerPolicyBetaOptions',
  'TranslateStreamCloseWebsocketRequests', 'UnauthenticatedHTTP2DOSMitigation', 'UserNamespacesSupport', 'WatchList',
  'WatchListClient', 'AltOSGracefulNodeShutdown',
];

const BETA_OFF = [
  'AllBeta', 'CRDObservedGenerationTracking', 'ClusterTrustBundle', 'ClusterTrustBundleProjection', 'ConcurrentWatchObjectDecode',
  'CoordinatedLeaderElection', 'DeclarativeValidationTakeover', 'LocalStorageCapacityIsolationFSQuotaMonitoring',
  'MutatingAdmissionPolicy', 'NodeLogQuery', 'PodCertificateRequest', 'SELinuxMount', 'StorageVersionMigrator',
  'WatchCacheInitializationPostStartHook',
];

const ALPHA_OFF = [
  'AllAlpha', 'APIServingWithRoutine', 'AllowUnsafeMalformedObjectDeletion', 'CBORServingAndStorage', 'CPUManagerPolicyAlphaOptions',
  'CSIVolumeHealth', 'ClientsAllowCBOR', 'ClientsPreferCBOR', 'CloudControllerManagerWatchBasedRoutesReconciliation',
  'CloudControllerManagerWebhook', 'ComponentFlagz', 'ComponentStatusz', 'ConstrainedImpersonation', 'ContainerStopSignals',
  'CrossNamespaceVolumeDataSource', 'CustomCPUCFSQuotaPeriod', 'DRAConsumableCapacity', 'DRADeviceBindingConditions',
  'DRADeviceTaintRules', 'DRADeviceTaints', 'DRAExtendedResource', 'DRAPartitionableDevices', 'EventedPLEG', 'GangScheduling',
  'GenericWorkload', 'HPAScaleToZero', 'InPlacePodLevelResourcesVerticalScaling', 'InPlacePodVerticalScalingExclusiveCPUs',
  'InPlacePodVerticalScalingExclusiveMemory', 'InTreePluginStorageVendorUnregister', 'NodeAgentInUserNamespace',
  'LoggingAlphaOptions', 'MemoryQoS', 'MutablePVNodeAffinity', 'MutablePodResourcesForSuspendedJobs',
  'MutableSchedulingDirectivesForSuspendedJobs', 'NodeDeclaredFeatures', 'PodAndContainerStatsFromCRI', 'PodLogsQuerySplitStreams',
  'QOSReserved', 'ReduceDefaultCrashLoopBackOffDecay', 'RelaxedServiceNameValidation', 'ResourceHealthStatus',
  'RestartAllContainersOnContainerExits', 'RuntimeClassInImageCriApi', 'StorageCapacityScoring', 'StorageVersionAPI',
  'StrictIPCIDRValidation', 'TaintTolerationComparisonOperators', 'TopologyManagerPolicyAlphaOptions',
  'UnknownVersionInteroperabilityProxy', 'UserNamespacesHostNetworkSupport', 'VolumeLimitScaling', 'AltOSCPUAndMemoryAffinity',
];

// Graduated gates the server options depend on: GA since 1.34 and 1.32, locked on. Kubernetes
// still accepts them in --feature-gates (true, with a warning) until they are removed.
const GA_LOCKED_ON = ['StructuredAuthenticationConfiguration', 'StructuredAuthorizationConfiguration'];

export const knownFeatures: readonly FeatureSpec[] = [
  ...BETA_ON.map((name): FeatureSpec => ({ name, stage: 'BETA', default: true })),
  ...BETA_OFF.map((name): FeatureSpec => ({ name, stage: 'BETA', default: false })),
  ...ALPHA_OFF.map((name): FeatureSpec => ({ name, stage: 'ALPHA', default: false })),
  ...GA_LOCKED_ON.map((name): FeatureSpec => ({ name, stage: 'GA', default: true, lockToDefault: true })),
];

/** One line per gate, sorted, as Kubernetes lists them in --feature-gates' help. */
export function knownFeatureGateHelp(component = 'orch', features: readonly FeatureSpec[] = knownFeatures): string {
  return [...features]
    .filter((f) => f.stage !== 'GA')
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((f) => {
      const what = f.name === 'AllAlpha' ? 'ALPHA - default=false' : f.name === 'AllBeta' ? 'BETA - default=false' : `${f.stage} - default=${f.default}`;
      return `${component}:${f.name}=true|false (${what})`;
    })
    .join('\n');
}
