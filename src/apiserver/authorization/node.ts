// Mode Node: requests of node identities (user system:node:<name> in group system:nodes) are
// limited to what a node needs and to its own objects, as far as those resources are served: its
// lease in orch-node-lease (named after the node), events, its Node object. Objects reached only
// through pods bound to the node (secrets, config maps, ...) are not granted: no pods exist to
// relate them to the node. Other users get no opinion.
import type { PolicyRule } from '../../api/rbac/v1/types.ts';
import { rulesAllow } from './rbac/rule-matching.ts';
import type { Attributes, Authorizer, AuthorizerResult } from '../../machinery/authorization/types.ts';

export const NODES_GROUP = 'system:nodes';
export const NODE_USER_PREFIX = 'system:node:';
export const NODE_LEASE_NAMESPACE = 'orch-node-lease';
const COORDINATION_GROUP = 'coordination.orch.io';

/** The node a user is, or undefined for users that are not node identities. */
export function nodeIdentity(user: Attributes['user']): string | undefined {
  if (!user.name.startsWith(NODE_USER_PREFIX) || !user.groups.includes(NODES_GROUP)) return undefined;
  return user.name.slice(NODE_USER_PREFIX.length);
}

const READ = ['get', 'list', 'watch'];

/** The static rules of Kubernetes' node authorizer, brand swapped, for resources that need no graph. */
export const NODE_RULES: readonly PolicyRule[] = [
  { verbs: ['create'], apiGroups: ['authentication.orch.io'], resources: ['tokenreviews'] },
  { verbs: ['create'], apiGroups: ['authorization.orch.io'], resources: ['subjectaccessreviews', 'localsubjectaccessreviews'] },
  { verbs: READ, apiGroups: [''], resources: ['services'] },
  { verbs: ['create', 'get', 'list', 'watch'], apiGroups: [''], resources: ['nodes'] },
  { verbs: ['update', 'patch'], apiGroups: [''], resources: ['nodes/status'] },
  { verbs: ['update', 'patch'], apiGroups: [''], resources: ['nodes'] },
  { verbs: ['create', 'update', 'patch'], apiGroups: ['', 'events.orch.io'], resources: ['events'] },
  { verbs: READ, apiGroups: [''], resources: ['pods'] },
  { verbs: ['create', 'delete'], apiGroups: [''], resources: ['pods'] },
  { verbs: ['update', 'patch'], apiGroups: [''], resources: ['pods/status'] },
  { verbs: ['create'], apiGroups: [''], resources: ['pods/eviction'] },
  { verbs: ['create', 'get', 'list', 'watch'], apiGroups: ['certificates.orch.io'], resources: ['certificatesigningrequests'] },
];

const GRAPH_RESOURCES = new Set(['secrets', 'configmaps', 'persistentvolumeclaims', 'persistentvolumes', 'resourceclaims', 'serviceaccounts']);
const LEASE_VERBS = new Set(['get', 'create', 'update', 'patch', 'delete']);

function authorizeLease(node: string, attrs: Attributes): AuthorizerResult {
  if (!LEASE_VERBS.has(attrs.verb)) return { decision: 'noOpinion', reason: 'can only get, create, update, patch, or delete a node lease' };
  if (attrs.namespace !== NODE_LEASE_NAMESPACE) return { decision: 'noOpinion', reason: `can only access leases in the ${NODE_LEASE_NAMESPACE} system namespace` };
  if (attrs.name !== node) return { decision: 'noOpinion', reason: 'can only access node lease with the same name as the requesting node' };
  return { decision: 'allow', reason: '' };
}

export function nodeAuthorizer(): Authorizer {
  return {
    authorize(attrs) {
      const node = nodeIdentity(attrs.user);
      if (node === undefined) return { decision: 'noOpinion', reason: '' };
      if (node === '') return { decision: 'noOpinion', reason: `unknown node for user ${JSON.stringify(attrs.user.name)}` };
      if (attrs.isResourceRequest) {
        if (attrs.apiGroup === COORDINATION_GROUP && attrs.resource === 'leases') return authorizeLease(node, attrs);
        if (attrs.apiGroup === '' && GRAPH_RESOURCES.has(attrs.resource) && !attrs.subresource) {
          return { decision: 'noOpinion', reason: `no relationship found between node '${node}' and this object` };
        }
      }
      if (rulesAllow(attrs, NODE_RULES)) return { decision: 'allow', reason: '' };
      return { decision: 'noOpinion', reason: '' };
    },
  };
}
