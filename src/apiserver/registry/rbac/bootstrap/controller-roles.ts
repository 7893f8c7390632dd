// The controller manager's own role and one role per controller (system:controller:<name>), with
// the rules Kubernetes ships for them (brand swapped). Every controller may record events.
import type { PolicyRule } from '../../../../api/rbac/v1/types.ts';
import { controllerDescriptors } from '../../../../options/controllermanager/known-controllers.ts';
import { READ, resourceRule as r } from './rule.ts';

export const CONTROLLER_MANAGER_USER = 'system:orch-controller-manager';
export const CONTROLLER_MANAGER_LEASE = 'orch-controller-manager';

const EVENTS: PolicyRule = r(['create', 'patch', 'update'], ['', 'events.orch.io'], ['events']);

export const CONTROLLER_MANAGER_RULES: PolicyRule[] = [
  EVENTS,
  r(['create'], ['coordination.orch.io'], ['leases']),
  r(['get', 'update'], ['coordination.orch.io'], ['leases'], [CONTROLLER_MANAGER_LEASE]),
  r(['create'], [''], ['secrets', 'serviceaccounts']),
  r(['delete'], [''], ['secrets']),
  r(['get'], [''], ['configmaps', 'namespaces', 'secrets', 'serviceaccounts']),
  r(['update'], [''], ['secrets', 'serviceaccounts']),
  r(['create'], ['authentication.orch.io'], ['tokenreviews']),
  r(['create'], ['authorization.orch.io'], ['subjectaccessreviews']),
  r(['list', 'watch'], ['*'], ['*']),
  r(['create'], [''], ['serviceaccounts/token']),
];

/**
 * Kubernetes runs node-lifecycle, taint-eviction and node-ipam under one account, node-controller;
 * here each has its own account, with that role's rules.
 */
const NODE_CONTROLLER: PolicyRule[] = [
  r(['get', 'list', 'watch', 'update', 'delete', 'patch'], [''], ['nodes']),
  r(['patch', 'update'], [''], ['nodes/status']),
  r(['patch', 'update'], [''], ['pods/status']),
  r(['list', 'watch', 'get', 'delete'], [''], ['pods']),
];

/** Rules beyond events for the controllers that need them (the rest only record events here). */
const SPECIFIC: Record<string, PolicyRule[]> = {
  'namespace-controller': [
    r(['get', 'list', 'watch', 'delete'], [''], ['namespaces']),
    r(['update'], [''], ['namespaces/finalize', 'namespaces/status']),
    r(['get', 'list', 'delete', 'deletecollection'], ['*'], ['*']),
  ],
  'serviceaccount-controller': [r(['create'], [''], ['serviceaccounts'])],
  // Kubernetes runs it with the manager's own credentials; as its own account it also drops deleted tokens from their accounts.
  'serviceaccount-token-controller': [r(['create', 'update', 'delete', ...READ], [''], ['secrets']), r(['update', ...READ], [''], ['serviceaccounts'])],
  // Kubernetes' certificate-controller role, split by what each controller does.
  'certificatesigningrequest-approving-controller': [
    r(READ, ['certificates.orch.io'], ['certificatesigningrequests']),
    r(['update'], ['certificates.orch.io'], ['certificatesigningrequests/approval']),
    r(['approve'], ['certificates.orch.io'], ['signers'], ['orch.io/kube-apiserver-client-kubelet']),
    r(['create'], ['authorization.orch.io'], ['subjectaccessreviews']),
  ],
  'certificatesigningrequest-signing-controller': [
    r(READ, ['certificates.orch.io'], ['certificatesigningrequests']),
    r(['update'], ['certificates.orch.io'], ['certificatesigningrequests/status']),
    r(['sign'], ['certificates.orch.io'], ['signers'], ['orch.io/legacy-unknown', 'orch.io/kube-apiserver-client', 'orch.io/kube-apiserver-client-kubelet', 'orch.io/kubelet-serving']),
  ],
  'certificatesigningrequest-cleaner-controller': [r(['delete', ...READ], ['certificates.orch.io'], ['certificatesigningrequests'])],
  'orch-apiserver-serving-clustertrustbundle-publisher': [
    r(['create', 'update', 'delete', 'list', 'watch'], ['certificates.orch.io'], ['clustertrustbundles']),
    r(['attest'], ['certificates.orch.io'], ['signers'], ['orch.io/kube-apiserver-serving']),
  ],
  'podcertificaterequest-cleaner-controller': [r(['delete', 'list', 'watch'], ['certificates.orch.io'], ['podcertificaterequests'])],
  'clusterrole-aggregation-controller': [r(['escalate', 'get', 'list', 'patch', 'update', 'watch'], ['rbac.authorization.orch.io'], ['clusterroles'])],
  'garbage-collector-controller': [r(['get', 'list', 'watch', 'patch', 'update', 'delete'], ['*'], ['*'])],
  'ttl-after-finished-controller': [r(['delete', ...READ], ['batch'], ['jobs'])],
  'root-ca-certificate-publisher': [r(['create', 'update'], [''], ['configmaps'])],
  'token-cleaner-controller': [r(['delete', ...READ], [''], ['secrets'])],
  'bootstrap-signer-controller': [r(READ, [''], ['secrets']), r(['update'], [''], ['configmaps'], ['cluster-info'])],
  'legacy-serviceaccount-token-cleaner-controller': [r(['delete', 'patch', ...READ], [''], ['secrets']), r(READ, [''], ['pods', 'configmaps'])],
  'endpoints-controller': [
    r(READ, [''], ['services', 'pods']),
    r(['get', 'list', 'create', 'update', 'delete'], [''], ['endpoints']),
    r(['create'], [''], ['endpoints/restricted']),
  ],
  'endpointslice-controller': [
    r(READ, [''], ['services', 'pods', 'nodes']),
    // Its slices' owner references block the service's deletion.
    r(['update'], [''], ['services/finalizers']),
    r(['get', 'list', 'create', 'update', 'delete'], ['discovery.orch.io'], ['endpointslices']),
  ],
  'endpointslice-mirroring-controller': [
    r(READ, [''], ['services', 'endpoints']),
    r(['update'], [''], ['services/finalizers', 'endpoints/finalizers']),
    r(['get', 'list', 'create', 'update', 'delete'], ['discovery.orch.io'], ['endpointslices']),
  ],
  'service-cidr-controller': [
    r(['get', 'list', 'watch', 'patch', 'update'], ['networking.orch.io'], ['servicecidrs']),
    r(['patch', 'update'], ['networking.orch.io'], ['servicecidrs/finalizers', 'servicecidrs/status']),
    r(READ, ['networking.orch.io'], ['ipaddresses']),
  ],
  'persistentvolume-protection-controller': [r(['get', 'list', 'watch', 'update'], [''], ['persistentvolumes'])],
  'persistentvolumeclaim-protection-controller': [r(['get', 'list', 'watch', 'update'], [''], ['persistentvolumeclaims']), r(['get', 'list', 'watch'], [''], ['pods'])],
  // Kubernetes' persistent-volume-binder role without its in-tree cloud and Gluster rules.
  'persistentvolume-binder-controller': [
    r(['get', 'list', 'watch', 'update', 'create', 'delete'], [''], ['persistentvolumes']),
    r(['update'], [''], ['persistentvolumes/status']),
    r(['get', 'list', 'watch', 'update'], [''], ['persistentvolumeclaims']),
    r(['update'], [''], ['persistentvolumeclaims/status']),
    r(['list', 'watch', 'get', 'create', 'delete'], [''], ['pods']),
    r(READ, ['storage.orch.io'], ['storageclasses']),
    r(['get', 'list', 'watch'], [''], ['nodes']),
    r(['watch'], [''], ['events']),
  ],
  // Kubernetes' expand-controller role.
  'persistentvolume-expander-controller': [
    r(['get', 'list', 'watch', 'update', 'patch'], [''], ['persistentvolumes']),
    r(['update', 'patch'], [''], ['persistentvolumeclaims/status']),
    r(['get', 'list', 'watch'], [''], ['persistentvolumeclaims']),
    r(READ, ['storage.orch.io'], ['storageclasses']),
  ],
  // Kubernetes' attachdetach-controller role, with what the simulated external attacher writes.
  'persistentvolume-attach-detach-controller': [
    r(['list', 'watch'], [''], ['persistentvolumes', 'persistentvolumeclaims']),
    r(['get', 'list', 'watch'], [''], ['nodes']),
    r(['patch', 'update'], [''], ['nodes/status']),
    r(['list', 'watch'], [''], ['pods']),
    r(['get', 'create', 'delete', 'list', 'watch', 'update'], ['storage.orch.io'], ['volumeattachments']),
    r(['update', 'patch'], ['storage.orch.io'], ['volumeattachments/status']),
    r(['get', 'list', 'watch'], ['storage.orch.io'], ['csidrivers', 'csinodes']),
  ],
  'ephemeral-volume-controller': [
    r(['get', 'list', 'watch'], [''], ['pods']),
    r(['update'], [''], ['pods/finalizers']),
    r(['get', 'list', 'watch', 'create'], [''], ['persistentvolumeclaims']),
  ],
  'volumeattributesclass-protection-controller': [
    r(['get', 'list', 'watch'], [''], ['persistentvolumeclaims', 'persistentvolumes']),
    r(['get', 'list', 'watch', 'update'], ['storage.orch.io'], ['volumeattributesclasses']),
  ],
  'resourcequota-controller': [r(READ, ['*'], ['*']), r(['update'], [''], ['resourcequotas/status'])],
  'deployment-controller': [
    r(['get', 'list', 'watch', 'update'], ['apps'], ['deployments']),
    r(['update'], ['apps'], ['deployments/status']),
    r(['update'], ['apps'], ['deployments/finalizers']),
    r(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'], ['apps'], ['replicasets']),
    r(['get', 'list', 'watch', 'update'], [''], ['pods']),
  ],
  'node-lifecycle-controller': NODE_CONTROLLER,
  'taint-eviction-controller': NODE_CONTROLLER,
  'node-ipam-controller': NODE_CONTROLLER,
  'ttl-controller': [r(['update', 'patch', 'list', 'watch'], [''], ['nodes'])],
  'pod-garbage-collector-controller': [
    r(['list', 'watch', 'delete'], [''], ['pods']),
    r(['get', 'list'], [''], ['nodes']),
    r(['patch'], [''], ['pods/status']),
  ],
  'replicaset-controller': [
    r(['get', 'list', 'watch', 'update'], ['apps'], ['replicasets']),
    r(['update'], ['apps'], ['replicasets/status']),
    r(['update'], ['apps'], ['replicasets/finalizers']),
    r(['list', 'watch', 'patch', 'create', 'delete'], [''], ['pods']),
  ],
  'replicationcontroller-controller': [
    r(['get', 'list', 'watch', 'update'], [''], ['replicationcontrollers']),
    r(['update'], [''], ['replicationcontrollers/status']),
    r(['update'], [''], ['replicationcontrollers/finalizers']),
    r(['list', 'watch', 'patch', 'create', 'delete'], [''], ['pods']),
  ],
  'statefulset-controller': [
    r(['list', 'watch'], [''], ['pods']),
    r(READ, ['apps'], ['statefulsets']),
    r(['update'], ['apps'], ['statefulsets/status']),
    r(['update'], ['apps'], ['statefulsets/finalizers']),
    r(['get', 'create', 'delete', 'update', 'patch'], [''], ['pods']),
    r(['get', 'create', 'delete', 'update', 'patch', 'list', 'watch'], ['apps'], ['controllerrevisions']),
    r(['get', 'create'], [''], ['persistentvolumeclaims']),
    r(['update', 'delete'], [''], ['persistentvolumeclaims']),
  ],
  'daemonset-controller': [
    r(READ, ['apps'], ['daemonsets']),
    r(['update'], ['apps'], ['daemonsets/status']),
    r(['update'], ['apps'], ['daemonsets/finalizers']),
    r(['list', 'watch'], [''], ['nodes']),
    r(['list', 'watch', 'create', 'delete', 'patch'], [''], ['pods']),
    r(['create'], [''], ['pods/binding']),
    r(['get', 'list', 'watch', 'create', 'delete', 'update', 'patch'], ['apps'], ['controllerrevisions']),
  ],
  'disruption-controller': [
    r(READ, ['apps'], ['deployments']),
    r(READ, ['apps'], ['replicasets']),
    r(READ, [''], ['replicationcontrollers']),
    r(READ, ['policy'], ['poddisruptionbudgets']),
    r(READ, ['apps'], ['statefulsets']),
    r(['update'], ['policy'], ['poddisruptionbudgets/status']),
    r(['get'], ['*'], ['*/scale']),
    r(['update'], [''], ['pods/status']),
  ],
  'horizontal-pod-autoscaler-controller': [
    r(['get', 'list', 'watch'], ['autoscaling'], ['horizontalpodautoscalers']),
    r(['update'], ['autoscaling'], ['horizontalpodautoscalers/status']),
    r(['get', 'update'], ['*'], ['*/scale']),
    r(['list'], [''], ['pods']),
    // Resource, custom and external metrics: the groups keep their Kubernetes names.
    r(['list'], ['metrics.k8s.io'], ['pods']),
    r(['get', 'list'], ['custom.metrics.k8s.io'], ['*']),
    r(['get', 'list'], ['external.metrics.k8s.io'], ['*']),
  ],
  'job-controller': [
    r(['get', 'list', 'watch', 'update', 'patch'], ['batch'], ['jobs']),
    r(['update', 'patch'], ['batch'], ['jobs/status']),
    r(['update'], ['batch'], ['jobs/finalizers']),
    r(['list', 'watch', 'create', 'delete', 'patch'], [''], ['pods']),
  ],
  'cronjob-controller': [
    r(['get', 'list', 'watch', 'update'], ['batch'], ['cronjobs']),
    r(['get', 'list', 'watch', 'create', 'update', 'delete', 'patch'], ['batch'], ['jobs']),
    r(['update'], ['batch'], ['cronjobs/status']),
    r(['update'], ['batch'], ['cronjobs/finalizers']),
    r(['list', 'delete'], [''], ['pods']),
  ],
  'validatingadmissionpolicy-status-controller': [
    r(['get', 'list', 'watch'], ['admissionregistration.orch.io'], ['validatingadmissionpolicies']),
    r(['get', 'patch', 'update'], ['admissionregistration.orch.io'], ['validatingadmissionpolicies/status']),
  ],
  'storage-version-garbage-collector': [
    r(['get', 'list', 'watch'], ['coordination.orch.io'], ['leases']),
    r(['get', 'list', 'delete'], ['internal.apiserver.orch.io'], ['storageversions']),
    r(['get', 'patch', 'update'], ['internal.apiserver.orch.io'], ['storageversions/status']),
  ],
  'storage-version-migrator-controller': [
    r(['list', 'patch'], ['*'], ['*']),
    r(['update'], ['storagemigration.orch.io'], ['storageversionmigrations/status']),
  ],
  'resource-claim-controller': [
    r(['get', 'list', 'watch'], [''], ['pods']),
    r(['update'], [''], ['pods/finalizers']),
    r(['get', 'list', 'watch', 'create', 'delete'], ['resource.orch.io'], ['resourceclaims']),
    r(['update', 'patch'], ['resource.orch.io'], ['resourceclaims', 'resourceclaims/status']),
    r(['update', 'patch'], [''], ['pods/status']),
  ],
  'device-taint-eviction-controller': [
    r(['get', 'list', 'watch'], [''], ['pods']),
    r(['delete'], [''], ['pods']),
    r(['patch', 'update'], [''], ['pods/status']),
    r(['get', 'list', 'watch'], ['resource.orch.io'], ['resourceclaims', 'resourceslices', 'deviceclasses', 'devicetaintrules']),
    r(['get', 'patch', 'update'], ['resource.orch.io'], ['devicetaintrules/status']),
  ],
  'selinux-warning-controller': [
    r(['get', 'list', 'watch'], [''], ['persistentvolumeclaims', 'persistentvolumes', 'pods']),
    r(['get', 'list', 'watch'], ['storage.orch.io'], ['csidrivers']),
  ],
};

/**
 * The service accounts of the controller manager's controllers, one role and binding each; the
 * controllers' descriptors name them, so the manager and this policy cannot disagree.
 */
export const CONTROLLER_ACCOUNTS: readonly string[] = controllerDescriptors.map((c) => c.serviceAccount);

/** The accounts SPECIFIC grants rules to; each must be a controller's (checked by a test). */
export function accountsWithSpecificRules(): string[] {
  return Object.keys(SPECIFIC);
}

export function controllerRules(account: string): PolicyRule[] {
  return [...(SPECIFIC[account] ?? []), EVENTS];
}
