// orch-apiserver's admission rows.
import type { FlagSpec } from '../flag.ts';
import { ADMISSION as group } from './groups.ts';
import { defaultOffAdmissionPlugins, defaultOnAdmissionPlugins } from './admission-plugins.ts';

const plugins =
  'NamespaceLifecycle, NamespaceExists, NamespaceAutoProvision, AlwaysAdmit, AlwaysDeny, EventRateLimit, OwnerReferencesPermissionEnforcement, ValidatingAdmissionWebhook, MutatingAdmissionWebhook (url clients only), ValidatingAdmissionPolicy and MutatingAdmissionPolicy (with its feature gate) act; ServiceAccount, LimitRanger, ResourceQuota, DefaultTolerationSeconds, AlwaysPullImages, PodNodeSelector, PodTolerationRestriction, ExtendedResourceToleration, LimitPodHardAntiAffinityTopology, DenyServiceExternalIPs and TaintNodesByCondition act on pods, services, nodes and claims; Priority, DefaultStorageClass and RuntimeClass act on pods, claims and priority classes; plugins for resources this server does not serve are accepted and have nothing to act on';
const sorted = (names: readonly string[]) => [...names].sort().join(', ');

export const admissionFlags: readonly FlagSpec[] = [
  { name: 'enable-admission-plugins', type: 'strings', group, status: 'partial', statusNote: plugins,
    help: `admission plugins that should be enabled in addition to default enabled ones (${defaultOnAdmissionPlugins.join(', ')}). Comma-delimited list of admission plugins: ${sorted([...defaultOnAdmissionPlugins, ...defaultOffAdmissionPlugins])}. The order of plugins in this flag does not matter.` },
  { name: 'disable-admission-plugins', type: 'strings', group, status: 'partial', statusNote: plugins,
    help: `admission plugins that should be disabled although they are in the default enabled plugins list (${defaultOnAdmissionPlugins.join(', ')}). Comma-delimited list of admission plugins: ${sorted([...defaultOnAdmissionPlugins, ...defaultOffAdmissionPlugins])}. The order of plugins in this flag does not matter.` },
  { name: 'admission-control', type: 'strings', group, status: 'partial', statusNote: plugins,
    deprecated: 'Use --enable-admission-plugins or --disable-admission-plugins instead. Will be removed in a future version.',
    help: 'Admission is divided into two phases. In the first phase, only mutating admission plugins run. In the second phase, only validating admission plugins run. The names in this list may represent a validating plugin, a mutating plugin, or both. The order of plugins in which they are passed to this flag does not matter.' },
  { name: 'admission-control-config-file', type: 'string', group, status: 'implemented',
    help: 'File with admission control configuration.' },
  { name: 'default-not-ready-toleration-seconds', type: 'int', default: '300', group, status: 'implemented',
    help: 'Indicates the tolerationSeconds of the toleration for notReady:NoExecute that is added by default to every pod that does not already have such a toleration.' },
  { name: 'default-unreachable-toleration-seconds', type: 'int', default: '300', group, status: 'implemented',
    help: 'Indicates the tolerationSeconds of the toleration for unreachable:NoExecute that is added by default to every pod that does not already have such a toleration.' },
  { name: 'allow-privileged', type: 'bool', default: 'false', group, status: 'implemented',
    help: 'If true, allow privileged containers.' },
];
