// The controllers the manager runs: which ones --controllers enables, and the implementations
// written so far. Every known controller is described in options/controllermanager/known-controllers.ts;
// one without an implementation here is a seam that waits, logging once, until the server serves
// what it needs and an implementation lands.
import type { ControllerManagerOptions } from '../../options/controllermanager-options.ts';
import { controllerDescriptors } from '../../options/controllermanager/known-controllers.ts';
import type { ControllerConstructor, ControllerDescriptor, ControllerRun } from '../controller.ts';
import { namespaceController } from '../controllers/namespace/namespace-controller.ts';
import { garbageCollectorController } from '../controllers/garbagecollector/garbage-collector-controller.ts';
import { serviceAccountsController } from '../controllers/serviceaccount/serviceaccounts-controller.ts';
import { rootCACertPublisher } from '../controllers/rootcacertpublisher/publisher.ts';
import { rootCAPublisherOptions } from '../controllers/rootcacertpublisher/options.ts';
import { clusterRoleAggregationController } from '../controllers/clusterroleaggregation/aggregation-controller.ts';
import { pvProtectionController } from '../controllers/volume/pvprotection/pv-protection-controller.ts';
import { pvcProtectionController } from '../controllers/volume/pvcprotection/pvc-protection-controller.ts';
import { volumeControllerConstructors } from '../controllers/volume/volume-controllers.ts';
import { resourceQuotaController } from '../controllers/resourcequota/resource-quota-controller.ts';
import { deploymentController } from '../controllers/deployment/deployment-controller.ts';
import { replicaSetController, replicationControllerController } from '../controllers/replicaset/replicaset-controller.ts';
import { statefulSetController } from '../controllers/statefulset/statefulset-controller.ts';
import { daemonSetController } from '../controllers/daemon/daemonset-controller.ts';
import { disruptionController } from '../controllers/disruption/disruption-controller.ts';
import { podGCController } from '../controllers/podgc/pod-gc-controller.ts';
import { jobController } from '../controllers/job/job-controller.ts';
import { cronJobController } from '../controllers/cronjob/cronjob-controller.ts';
import { ttlAfterFinishedController } from '../controllers/ttlafterfinished/ttl-after-finished-controller.ts';
import { csrApprovingController } from '../controllers/certificates/approving-controller.ts';
import { csrSigningController } from '../controllers/certificates/signing-controller.ts';
import { csrCleanerController } from '../controllers/certificates/csr-cleaner.ts';
import { pcrCleanerController } from '../controllers/certificates/pcr-cleaner.ts';
import { clusterTrustBundlePublisher } from '../controllers/certificates/ctb-publisher.ts';
import { tokensController } from '../controllers/serviceaccount/tokens-controller.ts';
import { tokensRunOptions } from '../controllers/serviceaccount/tokens-options.ts';
import { legacyTokenCleanerController } from '../controllers/serviceaccount/tokens-legacy-cleaner.ts';
import { bootstrapSignerController } from '../controllers/bootstrap/bootstrap-signer.ts';
import { tokenCleanerController } from '../controllers/bootstrap/token-cleaner.ts';
import { endpointsController } from '../controllers/endpoint/endpoints-controller.ts';
import { endpointSliceController } from '../controllers/endpointslice/endpointslice-controller.ts';
import { endpointSliceMirroringController } from '../controllers/endpointslicemirroring/mirroring-controller.ts';
import { serviceCIDRsController } from '../controllers/servicecidrs/servicecidrs-controller.ts';
import { vapStatusController } from '../controllers/validatingadmissionpolicystatus/vap-status-controller.ts';
import { storageVersionMigratorController } from '../controllers/storageversionmigrator/svm-controller.ts';
import { resourceClaimController } from '../controllers/resourceclaim/resourceclaim-controller.ts';
import { horizontalPodAutoscalerController } from '../controllers/podautoscaler/hpa-controller.ts';
import { selinuxWarningController } from '../controllers/selinuxwarning/selinux-warning-controller.ts';
import { storageVersionGCController } from '../controllers/storageversiongc/storageversion-gc-controller.ts';
import { deviceTaintEvictionController } from '../controllers/devicetainteviction/device-taint-eviction-controller.ts';
import { nodeLifecycleController } from '../controllers/nodelifecycle/node-lifecycle-controller.ts';
import { taintEvictionController } from '../controllers/tainteviction/taint-eviction-controller.ts';
import { nodeIPAMController } from '../controllers/nodeipam/node-ipam-controller.ts';
import { ttlController } from '../controllers/ttl/ttl-controller.ts';
import { CLOUD_PROVIDER_CONTROLLERS, skippedCloudProviderController } from '../controllers/cloudprovider/cloud-provider-controllers.ts';

/**
 * Whether --controllers enables a controller, as Kubernetes decides it: an explicit `-name` wins,
 * then an explicit `name`, then `*` for controllers on by default.
 */
export function isControllerEnabled(name: string, entries: readonly string[]): boolean {
  const trimmed = entries.map((e) => e.trim());
  if (trimmed.includes(`-${name}`)) return false;
  if (trimmed.includes(name)) return true;
  const descriptor = controllerDescriptors.find((c) => c.name === name);
  return trimmed.includes('*') && Boolean(descriptor?.enabledByDefault);
}

/** The controllers --controllers enables, in table order. */
export function enabledControllers(entries: readonly string[]): ControllerDescriptor[] {
  return controllerDescriptors.filter((c) => isControllerEnabled(c.name, entries));
}

/** The controllers written so far, by name; every other enabled name is a seam. */
export const controllerConstructors: Readonly<Record<string, ControllerConstructor>> = {
  'namespace-controller': (options) => namespaceController(options.namespaceController),
  'garbage-collector-controller': (options) => garbageCollectorController(options.garbageCollector),
  'serviceaccount-controller': () => serviceAccountsController(),
  'root-ca-certificate-publisher-controller': (options) => rootCACertPublisher(rootCAPublisherOptions(options.serviceAccountController, options.client)),
  'clusterrole-aggregation-controller': () => clusterRoleAggregationController(),
  'persistentvolume-protection-controller': () => pvProtectionController(),
  'persistentvolumeclaim-protection-controller': () => pvcProtectionController(),
  ...volumeControllerConstructors,
  'resourcequota-controller': (options) => resourceQuotaController(options.resourceQuotaController),
  'deployment-controller': (options) => deploymentController(options.deploymentController),
  'replicaset-controller': (options) => replicaSetController(options.replicaSetController),
  'replicationcontroller-controller': (options) => replicationControllerController(options.replicationController),
  'statefulset-controller': (options) => statefulSetController(options.statefulSetController),
  'daemonset-controller': (options) => daemonSetController(options.daemonSetController),
  'disruption-controller': () => disruptionController(),
  'pod-garbage-collector-controller': (options) => podGCController(options.podGCController),
  'job-controller': (options) => jobController(options.jobController),
  'cronjob-controller': (options) => cronJobController(options.cronJobController),
  'ttl-after-finished-controller': (options) => ttlAfterFinishedController(options.ttlAfterFinishedController),
  'certificatesigningrequest-approving-controller': () => csrApprovingController(),
  'certificatesigningrequest-signing-controller': (options) => csrSigningController(options.csrSigningController),
  'certificatesigningrequest-cleaner-controller': () => csrCleanerController(),
  'podcertificaterequest-cleaner-controller': () => pcrCleanerController(),
  'orch-apiserver-serving-clustertrustbundle-publisher-controller': (options) => clusterTrustBundlePublisher({ rootCA: rootCAPublisherOptions(options.serviceAccountController, options.client).rootCA }),
  'serviceaccount-token-controller': (options) => tokensController(tokensRunOptions(options.tokensController, options.serviceAccountController, options.client)),
  'legacy-serviceaccount-token-cleaner-controller': (options) => legacyTokenCleanerController(options.legacySATokenCleaner),
  'bootstrap-signer-controller': () => bootstrapSignerController(),
  'token-cleaner-controller': () => tokenCleanerController(),
  'endpoints-controller': (options) => endpointsController(options.endpointController),
  'endpointslice-controller': (options) => endpointSliceController(options.endpointSliceController),
  'endpointslice-mirroring-controller': (options) => endpointSliceMirroringController(options.endpointSliceMirroringController),
  'service-cidr-controller': () => serviceCIDRsController(),
  'validatingadmissionpolicy-status-controller': (options) => vapStatusController(options.validatingAdmissionPolicyStatusController),
  'storage-version-migrator-controller': () => storageVersionMigratorController(),
  'resourceclaim-controller': () => resourceClaimController(),
  'horizontal-pod-autoscaler-controller': (options) => horizontalPodAutoscalerController(options.hpaController),
  'selinux-warning-controller': () => selinuxWarningController(),
  'storageversion-garbage-collector-controller': () => storageVersionGCController(),
  'device-taint-eviction-controller': (options) => deviceTaintEvictionController(options.deviceTaintEvictionController),
  'node-lifecycle-controller': (options) => nodeLifecycleController(options.nodeLifecycleController),
  'taint-eviction-controller': () => taintEvictionController(),
  'node-ipam-controller': (options) => nodeIPAMController(options.nodeIPAMController),
  'ttl-controller': () => ttlController(),
  ...Object.fromEntries(Object.keys(CLOUD_PROVIDER_CONTROLLERS).map((name): [string, ControllerConstructor] => [name, () => skippedCloudProviderController(name)])),
};

/** The implementations for a run, built from its options. */
export function controllerImplementations(options: ControllerManagerOptions): Record<string, ControllerRun> {
  return Object.fromEntries(Object.entries(controllerConstructors).map(([name, build]) => [name, build(options)]));
}
