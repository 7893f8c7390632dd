// Annotations and finalizers the volume controllers and the scheduler write on PersistentVolumes
// and PersistentVolumeClaims: Kubernetes' pv.kubernetes.io/* and volume.kubernetes.io/* names
// under orch.io. They are the wire contract between the binder, provisioners, the expander and
// the scheduler, so they live below all of them.

/** On a claim once the binder has finished binding it ("yes"). */
export const ANN_BIND_COMPLETED = 'pv.orch.io/bind-completed';
/** On a volume or claim whose binding the binder made (not the user). */
export const ANN_BOUND_BY_CONTROLLER = 'pv.orch.io/bound-by-controller';
/** On a provisioned volume: the provisioner (plugin) that made it. */
export const ANN_DYNAMICALLY_PROVISIONED = 'pv.orch.io/provisioned-by';
/** On a claim: the provisioner asked to make its volume. */
export const ANN_STORAGE_PROVISIONER = 'volume.orch.io/storage-provisioner';
/** The beta spelling of the same request, still written beside it. */
export const ANN_BETA_STORAGE_PROVISIONER = 'volume.beta.orch.io/storage-provisioner';
/** On a claim of a WaitForFirstConsumer class: the node the scheduler chose for its first pod. */
export const ANN_SELECTED_NODE = 'volume.orch.io/selected-node';
/** The storage class named in an annotation, which wins over spec.storageClassName. */
export const ANN_BETA_STORAGE_CLASS = 'volume.beta.orch.io/storage-class';
/** On a claim being resized: the resizer working on it. */
export const ANN_STORAGE_RESIZER = 'volume.orch.io/storage-resizer';
/** On a volume waiting for a node-side resize: the claim's capacity before it. */
export const ANN_PRE_RESIZE_CAPACITY = 'volume.alpha.orch.io/pre-resize-capacity';

/** On a provisioned volume whose reclaim policy is Delete, until its storage is freed. */
export const PV_CONTROLLER_FINALIZER = 'orch.io/pv-controller';
/** On every VolumeAttributesClass that a claim or volume names. */
export const VAC_PROTECTION_FINALIZER = 'orch.io/vac-protection';
/** On a Node: "true" when the attach-detach controller, not the node, attaches its volumes. */
export const ANN_CONTROLLER_MANAGED_ATTACH_DETACH = 'volumes.orch.io/controller-managed-attach-detach';
