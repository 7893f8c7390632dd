// The fields a pod list or watch may be selected by (Kubernetes' pod field set): its name and
// namespace, spec.nodeName, restartPolicy, schedulerName, serviceAccountName and hostNetwork,
// status.phase, podIP (the first of podIPs) and nominatedNodeName. status.podIPs is accepted,
// as Kubernetes accepts it, but no pod carries it, so it only ever compares with "".
import type { Pod } from '../../../../api/core/v1/pod-types.ts';
import { objectMetaFieldSet } from '../../../../machinery/selectors/fields.ts';

export const POD_FIELD_SELECTORS = [
  'metadata.name',
  'metadata.namespace',
  'spec.nodeName',
  'spec.restartPolicy',
  'spec.schedulerName',
  'spec.serviceAccountName',
  'spec.hostNetwork',
  'status.phase',
  'status.podIP',
  'status.podIPs',
  'status.nominatedNodeName',
];

export function podFieldSet(pod: Pod): Record<string, string> {
  return {
    ...objectMetaFieldSet(pod.metadata, true),
    'spec.nodeName': pod.spec?.nodeName ?? '',
    'spec.restartPolicy': pod.spec?.restartPolicy ?? '',
    'spec.schedulerName': pod.spec?.schedulerName ?? '',
    'spec.serviceAccountName': pod.spec?.serviceAccountName ?? '',
    'spec.hostNetwork': String(pod.spec?.hostNetwork ?? false),
    'status.phase': pod.status?.phase ?? '',
    'status.podIP': pod.status?.podIPs?.[0]?.ip ?? '',
    'status.nominatedNodeName': pod.status?.nominatedNodeName ?? '',
  };
}
