// Labels and annotations the workload controllers put on what they create (Kubernetes' apps/v1
// constants; those under kubernetes.io are under orch.io here).

/** On controller revisions and the pods made from them: the revision's hash (stateful sets: its name). */
export const CONTROLLER_REVISION_HASH_LABEL = 'controller-revision-hash';
/** On a stateful set's pods: the pod's own name, so a service can select one pod. */
export const STATEFUL_SET_POD_NAME_LABEL = 'statefulset.orch.io/pod-name';
/** On a stateful set's pods: the pod's ordinal. */
export const POD_INDEX_LABEL = 'apps.orch.io/pod-index';
/** On a daemon set's pods: the template generation they were made from (kept for older clients). */
export const DAEMON_SET_TEMPLATE_GENERATION_LABEL = 'pod-template-generation';
/** On a daemon set: its template generation, raised by the server with each template change. */
export const DAEMON_SET_TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';
