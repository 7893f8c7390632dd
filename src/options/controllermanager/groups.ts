// Group headings of orch-controller-manager's options, in the spec's order; --help and
// docs/flags-controller-manager.md print groups in this order.
export const CONTROLLERS = 'Controller selection';
export const CONCURRENCY = 'Concurrency options';
export const NODE_CLOUD = 'Node address allocation and cloud options';
export const CERT_SIGNING = 'Certificate signing options';
export const VOLUME = 'Volume options';
export const AUTOSCALER = 'Autoscaler options';
export const NODE_LIFECYCLE = 'Node lifecycle and eviction options';
export const ENDPOINTS = 'Endpoint and slice options';
export const PERIODS_CLIENT = 'Periods and API client options';
export const LEADER_ELECTION = 'Leader election';
export const SERVING = 'Serving options';
export const AUTHENTICATION = 'Authentication';

export const controllerManagerGroupOrder: readonly string[] = [
  CONTROLLERS, CONCURRENCY, NODE_CLOUD, CERT_SIGNING, VOLUME, AUTOSCALER, NODE_LIFECYCLE, ENDPOINTS, PERIODS_CLIENT,
  LEADER_ELECTION, SERVING, AUTHENTICATION,
];

/** statusNote of rows whose controllers are not written yet. */
export const NO_CONTROLLER = 'no controller that reads it is implemented yet';
