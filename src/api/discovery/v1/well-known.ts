// Labels of discovery.orch.io that controllers set on EndpointSlices and clients select by
// (Kubernetes' kubernetes.io names, brand swapped).

/** The service a slice belongs to; a service's endpoints are its slices with this label. */
export const SERVICE_NAME_LABEL = 'orch.io/service-name';

/**
 * The same under Kubernetes' name, which clients written for Kubernetes select slices by and read
 * (kubectl describe service, kube-proxy, CoreDNS): slices the controllers write carry both.
 */
export const KUBERNETES_SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

/** Who manages a slice. */
export const MANAGED_BY_LABEL = 'endpointslice.orch.io/managed-by';

/** The managers that write slices for services (from selectors, and mirrored from Endpoints). */
export const ENDPOINTSLICE_CONTROLLER = 'endpointslice-controller.orch.io';
export const ENDPOINTSLICE_MIRRORING_CONTROLLER = 'endpointslicemirroring-controller.orch.io';
