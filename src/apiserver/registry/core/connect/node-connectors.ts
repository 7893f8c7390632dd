// nodes/proxy, as Kubernetes serves it: `name`, `name:port` or `scheme:name:port`; the node's
// agent address must be proxyable (global unicast); without a port, or with the agent's own, the
// request goes to the agent over its TLS settings, otherwise to that port on the node's address.
import { badRequest } from '../../../../machinery/status.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import type { ConnectRequest, Connector } from '../../generic/context.ts';
import type { BackendTarget } from './backend-target.ts';
import { forwardHttp } from './forward-http.ts';
import { agentTarget, getNode, type NodeAccess } from './node-agent-target.ts';
import { proxyPath, rawQuery } from './proxy-path.ts';
import { proxyTarget } from './proxy-target.ts';
import { checkProxyableHost } from './proxyable-host.ts';
import { splitSchemeNamePort } from './scheme-name-port.ts';
import { isUpgrade, upgradeTo } from './upgrade-target.ts';

export function nodeConnectors(access: NodeAccess): Record<string, Connector> {
  async function proxy(request: ConnectRequest): Promise<void> {
    const id = splitSchemeNamePort(request.name);
    if (!id) throw badRequest(`invalid node request ${goQuote(request.name)}`);
    const agent = agentTarget(access, await getNode(access, id.name));
    await checkProxyableHost(agent.host);
    const target: BackendTarget = id.port === '' || id.port === String(agent.port) ? agent : { ...proxyTarget(id.scheme, agent.host, id.port), egress: access.agent.egress };
    const path = `${proxyPath(request.path)}${rawQuery(request.req)}`;
    await (isUpgrade(request) ? upgradeTo(request, target, path) : forwardHttp(request, target, path));
  }
  return { proxy };
}
