// The plugins this server implements, by name, each built from its configuration and what it
// needs of the rest of the server. Names without a factory are accepted and have nothing to do.
import type { ServiceResolver } from '../aggregator/resolver.ts';
import type { EgressDialer } from '../egress/selector.ts';
import type { AdmissionPlugin } from './types.ts';
import type { Authorizer } from '../../machinery/authorization/types.ts';
import type { NamespaceAccess } from './namespace-access.ts';
import { alwaysAdmit } from './plugins/always-admit.ts';
import { alwaysDeny } from './plugins/always-deny.ts';
import { namespaceLifecycle } from './plugins/namespace-lifecycle.ts';
import { namespaceExists } from './plugins/namespace-exists.ts';
import { namespaceAutoProvision } from './plugins/namespace-auto-provision.ts';
import { eventRateLimit } from './plugins/event-rate-limit/plugin.ts';
import { ownerReferencesPermissionEnforcement } from './plugins/owner-references/plugin.ts';
import type { ServedKind } from './plugins/owner-references/rest-mapping.ts';
import { validatingAdmissionPolicy, type PolicySource } from './plugins/validating-policy/plugin.ts';
import { mutatingAdmissionWebhook, validatingAdmissionWebhook, type WebhookSource } from './plugins/webhook/plugin.ts';
import { mutatingAdmissionPolicy, type MutatingPolicySource } from './plugins/mutating-policy/plugin.ts';
import type { AdmissionOptions } from '../../options/apiserver/admission-options.ts';
import type { CoreObjectReaders } from './core-object-readers.ts';
import { alwaysPullImages } from './plugins/always-pull-images/plugin.ts';
import { defaultTolerationSeconds } from './plugins/default-toleration-seconds/plugin.ts';
import { denyServiceExternalIPs } from './plugins/deny-service-external-ips/plugin.ts';
import { extendedResourceToleration } from './plugins/extended-resource-toleration/plugin.ts';
import { limitPodHardAntiAffinityTopology } from './plugins/limit-pod-hard-anti-affinity/plugin.ts';
import { limitRanger } from './plugins/limit-ranger/plugin.ts';
import { podNodeSelector } from './plugins/pod-node-selector/plugin.ts';
import { podTolerationRestriction } from './plugins/pod-toleration-restriction/plugin.ts';
import { resourceQuota } from './plugins/resource-quota/plugin.ts';
import { serviceAccount } from './plugins/service-account/plugin.ts';
import { taintNodesByCondition } from './plugins/taint-nodes-by-condition/plugin.ts';
import { podSecurity } from './plugins/pod-security/plugin.ts';
import { nodeRestriction } from './plugins/node-restriction/plugin.ts';
import { persistentVolumeClaimResize } from './plugins/pvc-resize/plugin.ts';
import { storageObjectInUseProtection } from './plugins/storage-object-in-use/plugin.ts';
import { certificateApproval } from './plugins/certificates/approval.ts';
import { certificateSigning } from './plugins/certificates/signing.ts';
import { certificateSubjectRestriction } from './plugins/certificates/subject-restriction.ts';
import { clusterTrustBundleAttest } from './plugins/certificates/ctb-attest.ts';
import { defaultIngressClass } from './plugins/default-ingress-class/plugin.ts';
import { priority } from './plugins/priority/plugin.ts';
import { defaultStorageClass } from './plugins/default-storage-class/plugin.ts';
import { runtimeClass } from './plugins/runtime-class/plugin.ts';
import type { StoredObjects } from './stored-objects.ts';

export interface PluginDeps {
  namespaces: NamespaceAccess;
  /** The server's authorizer, bound once the server's configuration is complete. */
  authorizer?: () => Authorizer | undefined;
  /** The kinds this server serves (owner references name their owner by kind). */
  servedKinds?: () => readonly ServedKind[];
  /** The stored webhook configurations and admission policies, once they are served. */
  registration?: () => RegistrationSource | undefined;
  /** Reads of other stored objects (a namespace's pods, a node's pods), once the resources exist. */
  objects?: () => StoredObjects | undefined;
  /** Stored service accounts, limit ranges and quotas, once they are served. */
  coreObjects?: () => CoreObjectReaders | undefined;
  /** How webhooks named by a service are reached, once services are served. */
  serviceResolver?: () => ServiceResolver | undefined;
  /** The egress selector's cluster dialer, for webhooks; none: they are dialled directly. */
  clusterDialer?: EgressDialer;
}

export type RegistrationSource = WebhookSource & PolicySource & MutatingPolicySource;

/** A plugin's configuration was refused: start-up stops with this message. */
function initFailed(name: string, err: unknown): Error {
  return new Error(`couldn't init admission plugin ${JSON.stringify(name)}: ${(err as Error).message}`);
}

function guarded(name: string, factory: PluginFactory): PluginFactory {
  return (deps, config, options) => {
    try {
      return factory(deps, config, options);
    } catch (err) {
      throw initFailed(name, err);
    }
  };
}

/** `options` are the admission options the server started with (absent where a caller builds one plugin). */
export type PluginFactory = (deps: PluginDeps, config: unknown, options?: AdmissionOptions) => AdmissionPlugin;

const coreObjects = (deps: PluginDeps) => deps.coreObjects?.();

export const PLUGIN_FACTORIES: ReadonlyMap<string, PluginFactory> = new Map<string, PluginFactory>([
  ['AlwaysAdmit', () => alwaysAdmit()],
  ['AlwaysDeny', () => alwaysDeny()],
  ['NamespaceLifecycle', (deps) => namespaceLifecycle(deps.namespaces)],
  ['NamespaceExists', (deps) => namespaceExists(deps.namespaces)],
  ['NamespaceAutoProvision', (deps) => namespaceAutoProvision(deps.namespaces)],
  ['EventRateLimit', guarded('EventRateLimit', (_deps, config) => eventRateLimit(config))],
  ['PodSecurity', guarded('PodSecurity', (deps, config) => podSecurity({ namespaces: deps.namespaces, objects: deps.objects }, config))],
  ['NodeRestriction', (deps) => nodeRestriction({ objects: deps.objects, authorizer: deps.authorizer })],
  ['PersistentVolumeClaimResize', (deps) => persistentVolumeClaimResize({ objects: deps.objects })],
  ['StorageObjectInUseProtection', () => storageObjectInUseProtection()],
  ['CertificateApproval', (deps) => certificateApproval({ authorizer: deps.authorizer })],
  ['CertificateSigning', (deps) => certificateSigning({ authorizer: deps.authorizer })],
  ['CertificateSubjectRestriction', () => certificateSubjectRestriction()],
  ['ClusterTrustBundleAttest', (deps) => clusterTrustBundleAttest({ authorizer: deps.authorizer })],
  ['DefaultIngressClass', (deps) => defaultIngressClass({ objects: deps.objects })],
  ['Priority', (deps) => priority({ objects: deps.objects })],
  ['DefaultStorageClass', (deps) => defaultStorageClass({ objects: deps.objects })],
  ['RuntimeClass', (deps) => runtimeClass({ objects: deps.objects })],
  [
    'OwnerReferencesPermissionEnforcement',
    (deps) => ownerReferencesPermissionEnforcement({ authorizer: deps.authorizer ?? (() => undefined), servedKinds: deps.servedKinds ?? (() => []) }),
  ],
  ['MutatingAdmissionPolicy', (deps) => mutatingAdmissionPolicy({ namespaces: deps.namespaces, source: deps.registration ?? (() => undefined), authorizer: deps.authorizer })],
  ['MutatingAdmissionWebhook', (deps) => mutatingAdmissionWebhook({ namespaces: deps.namespaces, source: deps.registration ?? (() => undefined), authorizer: deps.authorizer, serviceResolver: deps.serviceResolver, clusterDialer: deps.clusterDialer })],
  ['ValidatingAdmissionPolicy', (deps) => validatingAdmissionPolicy({ namespaces: deps.namespaces, source: deps.registration ?? (() => undefined), authorizer: deps.authorizer })],
  ['ValidatingAdmissionWebhook', (deps) => validatingAdmissionWebhook({ namespaces: deps.namespaces, source: deps.registration ?? (() => undefined), authorizer: deps.authorizer, serviceResolver: deps.serviceResolver, clusterDialer: deps.clusterDialer })],
  ['AlwaysPullImages', () => alwaysPullImages()],
  [
    'DefaultTolerationSeconds',
    (_deps, _config, options) =>
      defaultTolerationSeconds({ notReadySeconds: options?.defaultNotReadyTolerationSeconds ?? 300, unreachableSeconds: options?.defaultUnreachableTolerationSeconds ?? 300 }),
  ],
  ['DenyServiceExternalIPs', () => denyServiceExternalIPs()],
  ['ExtendedResourceToleration', () => extendedResourceToleration()],
  ['LimitPodHardAntiAffinityTopology', () => limitPodHardAntiAffinityTopology()],
  ['LimitRanger', (deps) => limitRanger({ ranges: () => coreObjects(deps)?.limitRanges })],
  ['PodNodeSelector', (deps, config) => podNodeSelector(deps.namespaces, config)],
  ['PodTolerationRestriction', guarded('PodTolerationRestriction', (deps, config) => podTolerationRestriction(deps.namespaces, config))],
  ['ResourceQuota', guarded('ResourceQuota', (deps, config) => resourceQuota({ readers: () => coreObjects(deps)?.quotas }, config))],
  ['ServiceAccount', (deps) => serviceAccount({ accounts: () => coreObjects(deps)?.serviceAccounts })],
  ['TaintNodesByCondition', () => taintNodesByCondition()],
]);
