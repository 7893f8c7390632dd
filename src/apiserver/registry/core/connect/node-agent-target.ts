// The node agent of a named node as a backend: the Node is read (404 when it does not exist),
// its agent's address and port found (node-address.ts), and the connection made with the
// --nodeagent-* TLS settings and dial timeout.
import { notFound } from '../../../../machinery/status.ts';
import { getObject } from '../../generic/get.ts';
import type { InstalledResource } from '../../generic/context.ts';
import type { BackendTarget } from './backend-target.ts';
import type { ConnectNode } from './connect-shapes.ts';
import type { NodeAgentClient } from './node-agent-client.ts';
import { nodeAgentAddress } from './node-address.ts';

const NODES = { group: '', resource: 'nodes' };

export interface NodeAccess {
  /** The nodes resource; absent when it is not served. */
  nodes: InstalledResource<any, any> | undefined;
  agent: NodeAgentClient;
}

export async function getNode(access: NodeAccess, name: string): Promise<ConnectNode> {
  if (!access.nodes) throw notFound(NODES, name);
  return (await getObject(access.nodes, name, '', '', true)) as ConnectNode;
}

/** The agent of `node` as a target; `skipVerify` leaves its certificate unchecked for this request. */
export function agentTarget(access: NodeAccess, node: ConnectNode, skipVerify = false): BackendTarget {
  const { host, port } = nodeAgentAddress(node, access.agent.preferredAddressTypes);
  const tls = skipVerify ? { ...access.agent.tls, verify: false } : access.agent.tls;
  return { scheme: 'https', host, port, tls, timeoutMs: access.agent.dialTimeoutMs, egress: access.agent.egress };
}

export async function nodeAgentTarget(access: NodeAccess, nodeName: string, skipVerify = false): Promise<BackendTarget> {
  return agentTarget(access, await getNode(access, nodeName), skipVerify);
}
