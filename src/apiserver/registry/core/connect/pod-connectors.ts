// The connect subresources of pods, as Kubernetes' pod REST serves them: log (streamed from the
// node agent's /containerLogs), exec and attach (/exec and /attach of a container) and
// portforward (/portForward of the pod), each on the node the pod is bound to; proxy (to the pod's
// own address). The session subresources take the create permission (create-permission.ts);
// then options are read, then the pod, its container, its node.
import { badRequest, type StatusError } from '../../../../machinery/status.ts';
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { getObject } from '../../generic/get.ts';
import type { ConnectRequest, Connector, InstalledResource } from '../../generic/context.ts';
import type { ConnectPod } from './connect-shapes.ts';
import { chooseContainer } from './container-choice.ts';
import { forwardHttp } from './forward-http.ts';
import { isGlobalUnicastAddress } from './global-unicast.ts';
import { containerLogsQuery, logOptionsFor } from './log-options.ts';
import { streamContainerLogs } from './log-stream.ts';
import { nodeAgentTarget, type NodeAccess } from './node-agent-target.ts';
import { requireCreate, type AuthorizerSource } from './create-permission.ts';
import { proxyPath, rawQuery } from './proxy-path.ts';
import { proxyTarget } from './proxy-target.ts';
import { splitSchemeNamePort } from './scheme-name-port.ts';
import { decodePorts, decodeStreamOptions, portForwardQuery, streamQuery } from './stream-options.ts';
import { isUpgrade, upgradeTo } from './upgrade-target.ts';

function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

function noHost(name: string): StatusError {
  return badRequest(`pod ${name} does not have a host assigned`);
}

export function podConnectors(pods: InstalledResource<any, any>, access: NodeAccess, authorizer?: AuthorizerSource): Record<string, Connector> {
  const getPod = async (name: string, namespace: string) => (await getObject(pods, name, namespace, '', true)) as ConnectPod;

  async function log(request: ConnectRequest): Promise<void> {
    const { name, namespace, res } = request;
    const opts = logOptionsFor(request.query, name);
    const pod = await getPod(name, namespace);
    const container = chooseContainer(pod, opts.container);
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) {
      // Nothing to read before the pod has a node: Kubernetes streams no location, a 204.
      res.writeHead(204);
      res.end();
      return;
    }
    const target = await nodeAgentTarget(access, nodeName, opts.insecureSkipTLSVerifyBackend);
    await streamContainerLogs(request, target, withQuery(`/containerLogs/${namespace}/${name}/${container}`, containerLogsQuery(opts)), name);
  }

  /** exec and attach: a container's streams, through a connection that switches protocols. */
  const streamConnector =
    (kind: 'exec' | 'attach'): Connector =>
    async (request) => {
      const { name, namespace } = request;
      await requireCreate(request, authorizer);
      const opts = decodeStreamOptions(request.query, kind === 'exec');
      const pod = await getPod(name, namespace);
      const container = chooseContainer(pod, opts.container);
      if (!pod.spec?.nodeName) throw noHost(name);
      const target = await nodeAgentTarget(access, pod.spec.nodeName);
      if (!isUpgrade(request)) throw badRequest('Upgrade request required');
      await upgradeTo(request, target, withQuery(`/${kind}/${namespace}/${name}/${container}`, streamQuery(opts)));
    };

  async function portforward(request: ConnectRequest): Promise<void> {
    const { name, namespace } = request;
    await requireCreate(request, authorizer);
    const ports = decodePorts(request.query);
    const pod = await getPod(name, namespace);
    if (!pod.spec?.nodeName) throw noHost(name);
    const target = await nodeAgentTarget(access, pod.spec.nodeName);
    if (!isUpgrade(request)) throw badRequest('Upgrade request required');
    await upgradeTo(request, target, withQuery(`/portForward/${namespace}/${name}`, portForwardQuery(ports)));
  }

  async function proxy(request: ConnectRequest): Promise<void> {
    const id = splitSchemeNamePort(request.name);
    if (!id) throw badRequest(`invalid pod request ${goQuote(request.name)}`);
    const pod = await getPod(id.name, request.namespace);
    // Without a port, the first port a container declares.
    const port = id.port || String(pod.spec?.containers?.find((c) => c.ports?.length)?.ports?.[0]?.containerPort ?? '');
    const ip = pod.status?.podIPs?.[0]?.ip ?? '';
    if (!isGlobalUnicastAddress(ip)) throw badRequest('address not allowed');
    const target = { ...proxyTarget(id.scheme, ip, port), egress: access.agent.egress };
    const path = `${proxyPath(request.path)}${rawQuery(request.req)}`;
    await (isUpgrade(request) ? upgradeTo(request, target, path) : forwardHttp(request, target, path));
  }

  return { log, exec: streamConnector('exec'), attach: streamConnector('attach'), portforward, proxy };
}
