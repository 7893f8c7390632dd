// Finalizers the control plane itself puts on core objects (Kubernetes' kubernetes.io/* names under
// orch.io). The StorageObjectInUseProtection admission plugin adds the two storage ones; the
// protection controllers remove them once nothing uses the object.

/** On every PersistentVolumeClaim: held while a scheduled pod uses the claim. */
export const PVC_PROTECTION_FINALIZER = 'orch.io/pvc-protection';
/** On every PersistentVolume: held while the volume is Bound to a claim. */
export const PV_PROTECTION_FINALIZER = 'orch.io/pv-protection';
