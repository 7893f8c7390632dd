// The rules of the user-facing roles admin, edit and view, written out as Kubernetes' bootstrap
// policy aggregates them (brand swapped). view covers core `events` but not events.orch.io's.
import type { PolicyRule } from '../../../../api/rbac/v1/types.ts';
import { READ, READ_WRITE, resourceRule as r } from './rule.ts';

const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];

export const VIEW_RULES: PolicyRule[] = [
  r(READ, [''], ['pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'configmaps']),
  r(READ, [''], ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status']),
  r(READ, [''], ['namespaces']),
  r(READ, ['discovery.orch.io'], ['endpointslices']),
  r(READ, ['apps'], ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status']),
  r(READ, ['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status']),
  r(READ, ['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status']),
  r(READ, ['extensions'], ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale']),
  r(READ, ['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status']),
  r(READ, ['networking.orch.io'], ['ingresses', 'ingresses/status', 'networkpolicies']),
];

export const EDIT_RULES: PolicyRule[] = [
  r(['create', 'delete', 'deletecollection', 'patch', 'update', 'get', 'list', 'watch'], [''], ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy']),
  r(['create'], [''], ['pods/eviction']),
  r([...READ_WRITE], [''], ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy']),
  r(['create'], [''], ['serviceaccounts/token']),
  r(WRITE, ['apps'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale']),
  r(WRITE, ['autoscaling'], ['horizontalpodautoscalers']),
  r(WRITE, ['batch'], ['cronjobs', 'jobs']),
  r(WRITE, ['extensions'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale']),
  r(WRITE, ['policy'], ['poddisruptionbudgets']),
  r(WRITE, ['networking.orch.io'], ['ingresses', 'networkpolicies']),
  r(WRITE, ['coordination.orch.io'], ['leases']),
  r(['impersonate'], [''], ['serviceaccounts']),
  ...VIEW_RULES,
];

export const ADMIN_RULES: PolicyRule[] = [
  r(['create'], ['authorization.orch.io'], ['localsubjectaccessreviews']),
  r(READ_WRITE, ['rbac.authorization.orch.io'], ['rolebindings', 'roles']),
  ...EDIT_RULES,
];
