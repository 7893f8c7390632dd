// Gives the served pods, nodes and services their connectors: pods' log, exec, attach,
// portforward and proxy and nodes' proxy reach node agents with the --nodeagent-* settings;
// services' proxy reaches a ready endpoint. The resources each connector reads (nodes, endpoints,
// pods) are found among those served; one not served reads as not found.
import type { InstalledResource } from '../../generic/context.ts';
import type { NodeAgentOptions } from '../../../../options/apiserver/node-agent-options.ts';
import { nodeAgentClient, type NodeAgentClient } from './node-agent-client.ts';
import { nodeConnectors } from './node-connectors.ts';
import { podConnectors } from './pod-connectors.ts';
import { serviceConnectors } from './service-connectors.ts';
import type { AuthorizerSource } from './create-permission.ts';
import type { EgressDialer } from '../../../egress/selector.ts';

function coreV1(resources: readonly InstalledResource<any, any>[], plural: string): InstalledResource<any, any> | undefined {
  return resources.find((r) => r.declaration.group === '' && r.declaration.version === 'v1' && r.declaration.plural === plural && !r.subresource);
}

/**
 * The resources, with connectors on core v1 pods, nodes and services; `authorizer` is asked
 * whether a WebSocket exec, attach or port-forward may create its session.
 */
export function withConnectors<R extends InstalledResource<any, any>>(resources: R[], agent: NodeAgentClient, authorizer?: AuthorizerSource): R[] {
  const pods = coreV1(resources, 'pods');
  const nodes = coreV1(resources, 'nodes');
  const services = coreV1(resources, 'services');
  const endpoints = coreV1(resources, 'endpoints');
  const access = { nodes, agent };
  return resources.map((resource) => {
    if (resource === pods) return { ...resource, connectors: podConnectors(resource, access, authorizer) };
    if (resource === nodes) return { ...resource, connectors: nodeConnectors(access) };
    if (resource === services) return { ...resource, connectors: serviceConnectors({ services: resource, endpoints, pods, egress: agent.egress }) };
    return resource;
  });
}

/**
 * withConnectors with the agent client built from the options (reading its certificate files);
 * `egress` is the egress selector's cluster dialer, when it names a proxy.
 */
export function withNodeAgentConnectors<R extends InstalledResource<any, any>>(resources: R[], options: NodeAgentOptions, authorizer?: AuthorizerSource, egress?: EgressDialer): R[] {
  return withConnectors(resources, { ...nodeAgentClient(options), ...(egress ? { egress } : {}) }, authorizer);
}
