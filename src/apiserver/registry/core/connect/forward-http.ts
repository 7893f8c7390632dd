// A proxy request that does not switch protocols, passed on as an HTTP reverse proxy passes it:
// method, path, query and body to the backend, its status, headers (hop-by-hop ones dropped) and
// body back as they come. A failure before the backend answers is a 503 with Go's text.
import { serviceUnavailable } from '../../../../machinery/status.ts';
import { requestContext, type Request } from '../../../../component-base/serving/request-context.ts';
import type { Readable } from 'node:stream';
import type { ConnectRequest } from '../../generic/context.ts';
import { sendOver } from './backend-request.ts';
import { dialOrUnavailable, type BackendTarget } from './backend-target.ts';
import { forwardedHeaders, isHopByHopResponseHeader } from './forwarded-headers.ts';
import { pipeToResponse } from './response-pipe.ts';
import { joinHostPort } from './scheme-name-port.ts';

/** The request's body as a stream: the HTTP/2 stream itself, or the HTTP/1.1 message. */
function bodyOf(req: Request): Readable {
  return 'stream' in req ? req.stream : req;
}

export async function forwardHttp(request: ConnectRequest, target: BackendTarget, pathAndQuery: string): Promise<void> {
  const { req, res } = request;
  const signal = requestContext(req).signal;
  const socket = await dialOrUnavailable(target, '', signal);
  const method = req.method ?? 'GET';
  let response;
  try {
    response = await sendOver(socket, {
      method,
      path: pathAndQuery,
      headers: forwardedHeaders(req, joinHostPort(target.host, target.port), false),
      body: method === 'GET' || method === 'HEAD' ? undefined : bodyOf(req),
      host: target.host,
      signal,
    });
  } catch (err) {
    throw serviceUnavailable((err as Error).message);
  }
  const raw = response.rawHeaders;
  const headers: Record<string, string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (isHopByHopResponseHeader(name)) continue;
    (headers[name.toLowerCase()] ??= []).push(raw[i + 1]!);
  }
  for (const [name, values] of Object.entries(headers)) res.setHeader(name, values.length === 1 ? values[0]! : values);
  res.writeHead(response.statusCode ?? 502);
  await pipeToResponse(response, res, signal);
}
