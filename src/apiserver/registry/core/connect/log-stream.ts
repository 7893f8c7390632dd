// pods/log with a node: GET the agent's /containerLogs and stream its body back as text/plain,
// as Kubernetes' LocationStreamer does: a connection failure is a 503 whose message is Go's
// client error (`Get "https://…/containerLogs/…": dial tcp …`); a failed answer becomes a Status
// (backend-errors.ts); a followed log flows until the agent or the client closes.
import { goQuote } from '../../../../machinery/validation/go-format.ts';
import { serviceUnavailable } from '../../../../machinery/status.ts';
import { requestContext } from '../../../../component-base/serving/request-context.ts';
import type { ConnectRequest } from '../../generic/context.ts';
import { readLimited, sendOver } from './backend-request.ts';
import { backendFailure, isSuccessfulBackendStatus, MAX_ERROR_BODY } from './backend-errors.ts';
import { dialOrUnavailable, targetURL, type BackendTarget } from './backend-target.ts';
import { pipeToResponse } from './response-pipe.ts';
import { joinHostPort } from './scheme-name-port.ts';

const POD_LOGS = { group: '', resource: 'pods/log' };

export async function streamContainerLogs(request: ConnectRequest, target: BackendTarget, pathAndQuery: string, podName: string): Promise<void> {
  const { req, res } = request;
  const signal = requestContext(req).signal;
  const prefix = `Get ${goQuote(targetURL(target, pathAndQuery))}: `;
  const socket = await dialOrUnavailable(target, prefix, signal);
  let response;
  try {
    response = await sendOver(socket, {
      method: 'GET',
      path: pathAndQuery,
      headers: [['Host', joinHostPort(target.host, target.port)], ['User-Agent', 'orch-apiserver'], ['Accept-Encoding', 'identity']],
      host: target.host,
      signal,
    });
  } catch (err) {
    throw serviceUnavailable(`${prefix}${(err as Error).message}`);
  }
  const code = response.statusCode ?? 0;
  if (!isSuccessfulBackendStatus(code)) throw backendFailure(code, await readLimited(response, MAX_ERROR_BODY), POD_LOGS, podName);
  res.setHeader('Content-Type', 'text/plain');
  res.writeHead(200);
  // The client sees the stream begin before the first line, as a followed log needs.
  res.flushHeaders();
  await pipeToResponse(response, res, signal);
}
