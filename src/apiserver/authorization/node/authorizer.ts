// Mode Node: what a node identity (user system:node:<name> in group system:nodes) may do, as
// Kubernetes' node authorizer decides it. Secrets, config maps, claims, volumes, resource claims
// and service account tokens only when a pod bound to the node uses them (the graph); its own
// Node, Lease and CSINode by name; pods it runs (get through the graph, list and watch with a
// spec.nodeName field selector); everything else from the static node rules. NodeRestriction
// admission narrows the writes these rules allow. Other users get no opinion.
import type { PolicyRule } from '../../../api/rbac/v1/types.ts';
import { rulesAllow } from '../rbac/rule-matching.ts';
import type { Attributes, Authorizer, AuthorizerResult } from '../../../machinery/authorization/types.ts';
import type { NodeGraph, VertexType } from './graph.ts';

export const NODES_GROUP = 'system:nodes';
export const NODE_USER_PREFIX = 'system:node:';
export const NODE_LEASE_NAMESPACE = 'orch-node-lease';
const COORDINATION_GROUP = 'coordination.orch.io';
const STORAGE_GROUP = 'storage.orch.io';
const RESOURCE_GROUP = 'resource.orch.io';

/** The node a user is, or undefined for users that are not node identities. */
export function nodeIdentity(user: Attributes['user']): string | undefined {
  if (!user.name.startsWith(NODE_USER_PREFIX) || !user.groups.includes(NODES_GROUP)) return undefined;
  return user.name.slice(NODE_USER_PREFIX.length);
}

const READ = ['get', 'list', 'watch'];

/** The static rules of Kubernetes' node authorizer, brand swapped, for resources the graph does not subdivide. */
export const NODE_RULES: readonly PolicyRule[] = [
  { verbs: ['create'], apiGroups: ['authentication.orch.io'], resources: ['tokenreviews'] },
  { verbs: ['create'], apiGroups: ['authorization.orch.io'], resources: ['subjectaccessreviews', 'localsubjectaccessreviews'] },
  { verbs: READ, apiGroups: [''], resources: ['services'] },
  { verbs: ['create', 'update', 'patch'], apiGroups: ['', 'events.orch.io'], resources: ['events'] },
  { verbs: ['create', 'get', 'list', 'watch'], apiGroups: ['certificates.orch.io'], resources: ['certificatesigningrequests'] },
  { verbs: READ, apiGroups: [STORAGE_GROUP], resources: ['csidrivers'] },
  { verbs: READ, apiGroups: ['node.orch.io'], resources: ['runtimeclasses'] },
];

const allow = (): AuthorizerResult => ({ decision: 'allow', reason: '' });
const noOpinion = (reason = ''): AuthorizerResult => ({ decision: 'noOpinion', reason });

export interface NodeAuthorizerDeps {
  /** The graph of pods and what they use; without one, related objects are never found. */
  graph?: NodeGraph;
  /** Resolves once the graph holds every kind; requests before that wait for it. */
  synced?: Promise<void>;
  isSynced?: () => boolean;
}

export function nodeAuthorizer(deps: NodeAuthorizerDeps = {}): Authorizer {
  const related = (node: string, type: VertexType, attrs: Attributes): AuthorizerResult => {
    if (!attrs.name) return noOpinion('No Object name found');
    if (deps.graph?.hasPath(node, type, attrs.namespace, attrs.name)) return allow();
    return noOpinion(`no relationship found between node '${node}' and this object`);
  };

  const readNamespaced = (node: string, type: VertexType, attrs: Attributes): AuthorizerResult => {
    if (!READ.includes(attrs.verb)) return noOpinion('can only read resources of this type');
    if (attrs.subresource) return noOpinion('cannot read subresource');
    if (!attrs.namespace) return noOpinion('can only read namespaced object of this type');
    return related(node, type, attrs);
  };

  const getOnly = (node: string, type: VertexType, attrs: Attributes): AuthorizerResult => {
    if (attrs.verb !== 'get') return noOpinion('can only get individual resources of this type');
    if (attrs.subresource) return noOpinion('cannot get subresource');
    return related(node, type, attrs);
  };

  const statusUpdate = (node: string, type: VertexType, attrs: Attributes): AuthorizerResult => {
    if (attrs.verb !== 'update' && attrs.verb !== 'patch') return noOpinion('can only get/update/patch this type');
    if (attrs.subresource !== 'status') return noOpinion('can only update status subresource');
    return related(node, type, attrs);
  };

  const createToken = (node: string, attrs: Attributes): AuthorizerResult => {
    if (attrs.verb !== 'create' || !attrs.name) return noOpinion('can only create tokens for individual service accounts');
    if (attrs.subresource !== 'token') return noOpinion('can only create token subresource of serviceaccount');
    return related(node, 'serviceAccount', attrs);
  };

  const OWN_OBJECT_VERBS = ['get', 'create', 'update', 'patch', 'delete'];
  /** A node's own object by name; on create the name is in the body, where NodeRestriction checks it. */
  const sameName = (what: string, node: string, attrs: Attributes): AuthorizerResult =>
    attrs.verb !== 'create' && attrs.name !== node ? noOpinion(`can only access ${what} with the same name as the requesting node`) : allow();

  const lease = (node: string, attrs: Attributes): AuthorizerResult => {
    if (!OWN_OBJECT_VERBS.includes(attrs.verb)) return noOpinion('can only get, create, update, patch, or delete a node lease');
    if (attrs.namespace !== NODE_LEASE_NAMESPACE) return noOpinion(`can only access leases in the ${JSON.stringify(NODE_LEASE_NAMESPACE)} system namespace`);
    return sameName('node lease', node, attrs);
  };

  const csiNode = (node: string, attrs: Attributes): AuthorizerResult => {
    if (!OWN_OBJECT_VERBS.includes(attrs.verb)) return noOpinion('can only get, create, update, patch, or delete a CSINode');
    if (attrs.subresource) return noOpinion('cannot authorize CSINode subresources');
    return sameName('CSINode', node, attrs);
  };

  const fieldEquals = (attrs: Attributes, field: string, value: string) => (attrs.fieldSelector ?? []).some((t) => t.field === field && t.operator === '=' && t.value === value);

  const resourceSlice = (node: string, attrs: Attributes): AuthorizerResult => {
    if (attrs.subresource) return noOpinion('cannot authorize ResourceSlice subresources');
    switch (attrs.verb) {
      case 'create':
        return allow();
      case 'get':
      case 'update':
      case 'patch':
      case 'delete':
        return related(node, 'resourceslice', attrs);
      case 'watch':
      case 'list':
      case 'deletecollection':
        return fieldEquals(attrs, 'spec.nodeName', node) ? allow() : noOpinion('can only list/watch/deletecollection resourceslices with nodeName field selector');
      default:
        return noOpinion('only the following verbs are allowed for a ResourceSlice: get, watch, list, create, update, patch, delete, deletecollection');
    }
  };

  const nodes = (node: string, attrs: Attributes): AuthorizerResult => {
    if (!attrs.subresource) {
      if (['create', 'update', 'patch'].includes(attrs.verb)) return allow();
      if (READ.includes(attrs.verb)) {
        if (attrs.name === node) return allow();
        if (!attrs.name) return noOpinion(`node '${node}' cannot read all nodes, only its own Node object`);
        return noOpinion(`node '${node}' cannot read '${attrs.name}', only its own Node object`);
      }
    } else if (attrs.subresource === 'status' && (attrs.verb === 'update' || attrs.verb === 'patch')) return allow();
    return noOpinion();
  };

  const pods = (node: string, attrs: Attributes): AuthorizerResult => {
    switch (attrs.subresource) {
      case '':
        if (attrs.verb === 'get') return getOnly(node, 'pod', attrs);
        if (attrs.verb === 'list' || attrs.verb === 'watch') {
          if (fieldEquals(attrs, 'spec.nodeName', node)) return allow();
          if (attrs.name) return related(node, 'pod', attrs);
          return noOpinion('can only list/watch pods with spec.nodeName field selector');
        }
        // Mirror pods; NodeRestriction keeps them to this node.
        if (attrs.verb === 'create' || attrs.verb === 'delete') return allow();
        break;
      case 'status':
        if (attrs.verb === 'update' || attrs.verb === 'patch') return allow();
        break;
      case 'eviction':
        if (attrs.verb === 'create') return allow();
        break;
    }
    return noOpinion();
  };

  const decide = (node: string, attrs: Attributes): AuthorizerResult => {
    if (attrs.isResourceRequest) {
      const { apiGroup: group, resource } = attrs;
      if (group === '') {
        switch (resource) {
          case 'secrets':
            return readNamespaced(node, 'secret', attrs);
          case 'configmaps':
            return readNamespaced(node, 'configmap', attrs);
          case 'persistentvolumeclaims':
            return attrs.subresource === 'status' ? statusUpdate(node, 'pvc', attrs) : getOnly(node, 'pvc', attrs);
          case 'persistentvolumes':
            return getOnly(node, 'pv', attrs);
          case 'serviceaccounts':
            return createToken(node, attrs);
          case 'nodes':
            return nodes(node, attrs);
          case 'pods':
            return pods(node, attrs);
        }
      }
      if (group === RESOURCE_GROUP && resource === 'resourceclaims') return getOnly(node, 'resourceclaim', attrs);
      if (group === RESOURCE_GROUP && resource === 'resourceslices') return resourceSlice(node, attrs);
      if (group === STORAGE_GROUP && resource === 'volumeattachments') return getOnly(node, 'volumeattachment', attrs);
      if (group === STORAGE_GROUP && resource === 'csinodes') return csiNode(node, attrs);
      if (group === COORDINATION_GROUP && resource === 'leases') return lease(node, attrs);
    }
    return rulesAllow(attrs, NODE_RULES) ? allow() : noOpinion();
  };

  return {
    authorize(attrs) {
      const node = nodeIdentity(attrs.user);
      if (node === undefined) return noOpinion();
      if (node === '') return noOpinion(`unknown node for user ${JSON.stringify(attrs.user.name)}`);
      // Until the graph has been read once, a node's reads wait for it rather than being refused.
      if (deps.synced && deps.isSynced && !deps.isSynced()) return deps.synced.then(() => decide(node, attrs));
      return decide(node, attrs);
    },
  };
}
