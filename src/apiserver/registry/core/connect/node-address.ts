// Where a node's agent listens, as Kubernetes' NodeConnectionInfoGetter finds it: the first of the
// node's status addresses in --nodeagent-preferred-address-types order (a Hostname may also come
// from the orch.io/hostname label), and the port the node reports in
// status.daemonEndpoints.kubeletEndpoint, else the agents' default.
import { serviceUnavailable } from '../../../../machinery/status.ts';
import type { ConnectNode } from './connect-shapes.ts';

/** The port agents listen on when a node does not say (Kubernetes' kubelet port). */
export const DEFAULT_NODE_AGENT_PORT = 10250;

const HOSTNAME_LABEL = 'orch.io/hostname';

export interface NodeAgentAddress {
  host: string;
  port: number;
}

/** The node's address for agent connections, or undefined when it has none of the preferred types. */
export function preferredNodeAddress(node: ConnectNode, preferredTypes: readonly string[]): string | undefined {
  const addresses = node.status?.addresses ?? [];
  for (const type of preferredTypes) {
    const found = addresses.find((a) => a.type === type);
    if (found) return found.address;
    if (type === 'Hostname') {
      const label = node.metadata.labels?.[HOSTNAME_LABEL];
      if (label) return label;
    }
  }
  return undefined;
}

/** The agent's address and port; a node without a usable address is a 503 naming what it has. */
export function nodeAgentAddress(node: ConnectNode, preferredTypes: readonly string[]): NodeAgentAddress {
  const host = preferredNodeAddress(node, preferredTypes);
  if (host === undefined) {
    // Go prints the []NodeAddress with %v: [{InternalIP 10.0.0.1} {Hostname n1}].
    const known = (node.status?.addresses ?? []).map((a) => `{${a.type} ${a.address}}`).join(' ');
    throw serviceUnavailable(`no preferred addresses found; known addresses: [${known}]`);
  }
  const reported = node.status?.daemonEndpoints?.kubeletEndpoint?.Port ?? 0;
  return { host, port: reported > 0 ? reported : DEFAULT_NODE_AGENT_PORT };
}
