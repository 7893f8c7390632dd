// exec, attach, port-forward and proxied WebSockets: the client's upgrade request passed on to
// the backend over a fresh connection and the two joined (raw-upgrade.ts). A backend that cannot
// be reached is a 503 `error dialing backend: …`, as Kubernetes words it.
import { requestContext } from '../../../../component-base/serving/request-context.ts';
import { takeOverUpgrade, upgradeOf } from '../../../../component-base/serving/upgrade-requests.ts';
import { internalError } from '../../../../machinery/status.ts';
import type { ConnectRequest } from '../../generic/context.ts';
import { dialOrUnavailable, type BackendTarget } from './backend-target.ts';
import { forwardedHeaders } from './forwarded-headers.ts';
import { passUpgrade } from './raw-upgrade.ts';
import { joinHostPort } from './scheme-name-port.ts';

/** True when the request asks to switch protocols (and so can be joined raw). */
export function isUpgrade(request: ConnectRequest): boolean {
  return upgradeOf(request.req) !== undefined;
}

export async function upgradeTo(request: ConnectRequest, target: BackendTarget, pathAndQuery: string): Promise<void> {
  const { req, res } = request;
  const connection = upgradeOf(req);
  if (!connection) throw internalError('not an upgrade request');
  const signal = requestContext(req).signal;
  const backend = await dialOrUnavailable(target, 'error dialing backend: ', signal);
  await passUpgrade(
    {
      method: req.method ?? 'GET',
      path: pathAndQuery,
      headers: forwardedHeaders(req, joinHostPort(target.host, target.port), true),
      head: connection.head,
      host: target.host,
      signal,
    },
    backend,
    () => takeOverUpgrade(req, res)!,
  );
}
