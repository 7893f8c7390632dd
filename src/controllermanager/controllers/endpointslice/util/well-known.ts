// Names the service networking controllers write and read on Endpoints, EndpointSlices, Services
// and Nodes: Kubernetes' kubernetes.io names, brand swapped as the rest of orch writes them.
export { KUBERNETES_SERVICE_NAME_LABEL, MANAGED_BY_LABEL, SERVICE_NAME_LABEL, ENDPOINTSLICE_CONTROLLER, ENDPOINTSLICE_MIRRORING_CONTROLLER } from '../../../../api/discovery/v1/well-known.ts';

/** When the last change that the endpoints reflect happened (RFC 3339 with nanoseconds, UTC). */
export const LAST_CHANGE_TRIGGER_TIME_ANNOTATION = 'endpoints.orch.io/last-change-trigger-time';
/** Set to "truncated" on Endpoints whose addresses were cut at the capacity. */
export const OVER_CAPACITY_ANNOTATION = 'endpoints.orch.io/over-capacity';
/** On Endpoints and slices of a service with no cluster IP. */
export const HEADLESS_SERVICE_LABEL = 'service.orch.io/headless';
/** "true": the Endpoints are not mirrored into slices (the orch service's own Endpoints carry it). */
export const SKIP_MIRROR_LABEL = 'endpointslice.orch.io/skip-mirror';
/** A leader election record kept on an Endpoints object; such Endpoints belong to no service. */
export const LEADER_ELECTION_ANNOTATION = 'control-plane.alpha.orch.io/leader';
/** The zone a node is in. */
export const ZONE_LABEL = 'topology.orch.io/zone';
/** kubectl writes this one under its Kubernetes name. */
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
