// Admission plugin names and whether each is on by default.
export const defaultOnAdmissionPlugins: readonly string[] = [
  'NamespaceLifecycle', 'LimitRanger', 'ServiceAccount', 'TaintNodesByCondition', 'PodSecurity', 'Priority',
  'DefaultTolerationSeconds', 'DefaultStorageClass', 'StorageObjectInUseProtection', 'PersistentVolumeClaimResize',
  'RuntimeClass', 'CertificateApproval', 'CertificateSigning', 'ClusterTrustBundleAttest', 'CertificateSubjectRestriction',
  'DefaultIngressClass', 'PodTopologyLabels', 'NodeDeclaredFeatureValidator', 'MutatingAdmissionPolicy',
  'MutatingAdmissionWebhook', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionWebhook', 'ResourceQuota',
];

export const defaultOffAdmissionPlugins: readonly string[] = [
  'AlwaysAdmit', 'AlwaysDeny', 'AlwaysPullImages', 'DenyServiceExternalIPs', 'EventRateLimit', 'ExtendedResourceToleration',
  'ImagePolicyWebhook', 'LimitPodHardAntiAffinityTopology', 'NamespaceAutoProvision', 'NamespaceExists', 'NodeRestriction',
  'OwnerReferencesPermissionEnforcement', 'PodNodeSelector', 'PodTolerationRestriction',
];

export const allAdmissionPlugins: ReadonlySet<string> = new Set([...defaultOnAdmissionPlugins, ...defaultOffAdmissionPlugins]);
